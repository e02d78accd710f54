import { cn } from '#client/components/ui/cn.ts';

type Props<V extends string | boolean> = {
  /** what the buttons choose, read by screen readers as the group's name */
  label: string;
  options: ReadonlyArray<{ value: V; label: string }>;
  value: NoInfer<V>;
  onChange(value: NoInfer<V>): void;
  className?: string;
};

/** A row of buttons of which one is pressed: the views of a back-office list (« Tous », « Actifs »…). */
export function ToggleGroup<V extends string | boolean>({ label, options, value, onChange, className }: Props<V>) {
  return (
    <div
      role="group"
      aria-label={label}
      className={cn('inline-flex flex-wrap rounded-lg border border-slate-300 bg-white p-0.5', className)}
    >
      {options.map((o) => (
        <button
          key={String(o.value)}
          type="button"
          aria-pressed={value === o.value}
          onClick={() => onChange(o.value)}
          className={cn(
            'rounded-md px-3 py-1.5 text-sm font-medium',
            value === o.value ? 'bg-brand-700 text-white' : 'text-slate-800 hover:bg-slate-100',
          )}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
