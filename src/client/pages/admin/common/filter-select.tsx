import { useId } from 'react';
import { SelectField } from '#client/components/ui/field.tsx';
import { cn } from '#client/components/ui/cn.ts';

type FilterSelectProps<V extends string> = {
  label: string;
  value: V;
  onChange(value: NoInfer<V>): void;
  options: ReadonlyArray<{ value: NoInfer<V>; label: string }>;
  /** the first choice, worth '' (no filter): « Tous » */
  all?: string;
  /** its width; by default the whole row on a phone, 12 rem from `sm` */
  className?: string;
};

/** A compact select above an admin list (statut, type, tri): the list shows what it picks. */
export function FilterSelect<V extends string>({
  label,
  value,
  onChange,
  options,
  all,
  className,
}: FilterSelectProps<V>) {
  return (
    <SelectField
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as V)}
      options={[...options]}
      placeholder={all}
      className={cn(className ?? 'w-full sm:w-48', '[&_select]:h-9 [&_select]:py-1 [&_select]:text-sm')}
    />
  );
}

/** The same, its label on its left: for a line that is there already (a list's count), which it keeps one line high. */
export function InlineFilterSelect<V extends string>({
  label,
  value,
  onChange,
  options,
  all,
}: Omit<FilterSelectProps<V>, 'className'>) {
  const id = useId();
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className="font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as V)}
        className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900"
      >
        {all !== undefined && <option value="">{all}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
