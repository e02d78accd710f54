import { forwardRef, useId } from 'react';
import { Star } from 'lucide-react';
import { STARS } from '#shared/interventions/rating-api.ts';
import { cn } from '#client/components/ui/cn.ts';

/** What each note means, read by screen readers and shown under the stars once chosen. */
const STAR_LABELS: Record<(typeof STARS)[number], string> = {
  1: 'Très déçu',
  2: 'Déçu',
  3: 'Correct',
  4: 'Satisfait',
  5: 'Très satisfait',
};

const starWord = (n: number) => `${n} étoile${n > 1 ? 's' : ''}`;

/** A note shown, not chosen: « 4 étoiles sur 5 » for a screen reader. */
export function StarsDisplay({
  stars,
  size = 'md',
  decorative,
  className,
}: {
  stars: number;
  size?: 'sm' | 'md';
  className?: string;
  /** the figure is written beside it: the stars are not read out a second time */
  decorative?: boolean;
}) {
  const icon = size === 'sm' ? 'h-3.5 w-3.5' : 'h-5 w-5';
  const a11y = decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': `${starWord(stars)} sur 5` };
  return (
    <span {...a11y} className={cn('inline-flex items-center gap-0.5', className)}>
      {STARS.map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={cn(icon, n <= stars ? 'fill-amber-400 text-amber-500' : 'fill-transparent text-slate-300')}
        />
      ))}
    </span>
  );
}

type StarInputProps = {
  legend: string;
  name: string;
  /** the note chosen so far (0 or undefined for none) */
  value: number | undefined;
  onChange(stars: number): void;
  onBlur?(): void;
  error?: string;
  className?: string;
};

/**
 * Five native radio buttons (arrow keys move between them, the group is one tab stop) drawn as large stars: a phone
 * user taps a 44 px target, a screen reader hears « 4 étoiles, Satisfait ». Controlled, so the form holds a number.
 */
export const StarInput = forwardRef<HTMLInputElement, StarInputProps>(function StarInput(
  { legend, name, value = 0, onChange, onBlur, error, className },
  ref,
) {
  const errorId = useId();
  return (
    <fieldset className={cn('space-y-1', className)} aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="flex flex-wrap items-center gap-1">
        {STARS.map((n) => (
          <label
            key={n}
            className="grid h-11 w-11 cursor-pointer place-items-center rounded-lg has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
          >
            <input
              ref={n === 1 ? ref : undefined}
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              onBlur={onBlur}
              className="sr-only"
              aria-invalid={error ? true : undefined}
            />
            <span className="sr-only">{`${starWord(n)}, ${STAR_LABELS[n]}`}</span>
            <Star
              aria-hidden="true"
              className={cn(
                'h-8 w-8 transition-colors',
                n <= value ? 'fill-amber-400 text-amber-500' : 'fill-transparent text-slate-400 hover:text-amber-500',
              )}
            />
          </label>
        ))}
        {value > 0 && (
          <span className="ml-2 text-sm font-medium text-slate-800" aria-hidden="true">
            {STAR_LABELS[value as 1]}
          </span>
        )}
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
});
