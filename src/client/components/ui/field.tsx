import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { cn } from './cn.ts';

const control =
  'block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30';

type FieldProps = { label: ReactNode; error?: string; hint?: ReactNode; id?: string; className?: string };

/** A labelled control with its hint and error under it, wired for screen readers (aria-invalid, aria-describedby). */
function useFieldIds(id?: string) {
  const auto = useId();
  const base = id ?? auto;
  return { id: base, errorId: `${base}-error`, hintId: `${base}-hint` };
}

function FieldShell({
  label,
  error,
  hint,
  ids,
  className,
  children,
}: FieldProps & { ids: ReturnType<typeof useFieldIds>; children: ReactNode }) {
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={ids.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {/* The hint stays beside an error: it is often what tells how to put it right (a format, an example). */}
      {hint && (
        <p id={ids.hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={ids.errorId} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

function describedBy(ids: ReturnType<typeof useFieldIds>, error?: string, hint?: ReactNode) {
  return [error ? ids.errorId : null, hint ? ids.hintId : null].filter(Boolean).join(' ') || undefined;
}

export const TextField = forwardRef<HTMLInputElement, FieldProps & InputHTMLAttributes<HTMLInputElement>>(
  function TextField({ label, error, hint, id, className, ...props }, ref) {
    const ids = useFieldIds(id);
    return (
      <FieldShell label={label} error={error} hint={hint} ids={ids} className={className}>
        <input
          ref={ref}
          id={ids.id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(ids, error, hint)}
          className={cn(control, error ? 'border-red-600' : 'border-slate-300')}
          {...props}
        />
      </FieldShell>
    );
  },
);

export const TextAreaField = forwardRef<HTMLTextAreaElement, FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>>(
  function TextAreaField({ label, error, hint, id, className, ...props }, ref) {
    const ids = useFieldIds(id);
    return (
      <FieldShell label={label} error={error} hint={hint} ids={ids} className={className}>
        <textarea
          ref={ref}
          id={ids.id}
          rows={4}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(ids, error, hint)}
          className={cn(control, error ? 'border-red-600' : 'border-slate-300')}
          {...props}
        />
      </FieldShell>
    );
  },
);

export type Option = { value: string; label: string };

export const SelectField = forwardRef<
  HTMLSelectElement,
  FieldProps & SelectHTMLAttributes<HTMLSelectElement> & { options: Option[]; placeholder?: string }
>(function SelectField({ label, error, hint, id, className, options, placeholder, ...props }, ref) {
  const ids = useFieldIds(id);
  return (
    <FieldShell label={label} error={error} hint={hint} ids={ids} className={className}>
      <select
        ref={ref}
        id={ids.id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, error, hint)}
        className={cn(control, 'appearance-auto', error ? 'border-red-600' : 'border-slate-300')}
        {...props}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
});
