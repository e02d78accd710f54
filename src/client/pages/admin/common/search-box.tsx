import { useId } from 'react';
import { Search } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';

type SearchBoxProps = {
  label: string;
  value: string;
  onChange(value: string): void;
  placeholder?: string;
  /** shows « Réinitialiser » while something is typed */
  resettable?: boolean;
};

export function SearchBox({ label, value, onChange, placeholder, resettable }: SearchBoxProps) {
  const id = useId();
  return (
    // The label beside the field on a wide screen, above it on a phone.
    <div className="flex w-full flex-col gap-1 sm:w-auto lg:flex-row lg:items-center lg:gap-3">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex gap-2">
        <div className="relative w-full sm:w-72">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500"
          />
          <input
            id={id}
            type="search"
            value={value}
            placeholder={placeholder}
            onChange={(e) => onChange(e.target.value)}
            className="h-9 w-full rounded-lg border border-slate-300 bg-white pl-9 pr-3 text-sm placeholder:text-slate-500"
          />
        </div>
        {resettable && (
          <Button variant="secondary" size="sm" onClick={() => onChange('')} disabled={!value}>
            Réinitialiser
          </Button>
        )}
      </div>
    </div>
  );
}
