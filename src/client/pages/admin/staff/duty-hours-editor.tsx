import { useState } from 'react';
import {
  dutyHoursInputSchema,
  DEFAULT_OWN_HOURS,
  WEEK_ORDER,
  WEEKDAY_NAMES,
  type WeekHours,
} from '#shared/staff/duty-hours.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ApiRequestError } from '#client/lib/api.ts';

type Day = { on: boolean; start: string; end: string };
type Errors = Partial<Record<number, string>>;

const toDays = (hours: WeekHours | null): Day[] =>
  (hours ?? DEFAULT_OWN_HOURS).map((r) => (r ? { on: true, ...r } : { on: false, start: '09:00', end: '18:00' }));
const toHours = (days: Day[]): WeekHours => days.map((d) => (d.on ? { start: d.start, end: d.end } : null));

/** The messages of the shared schema (or of the server's 400, `hours.3.end`) under each day. */
function dayErrors(issues: { path: readonly PropertyKey[]; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const day = Number(issue.path[1]);
    if (issue.path[0] === 'hours' && Number.isInteger(day)) errors[day] ??= issue.message;
  }
  return errors;
}

const timeInput =
  'w-20 rounded-md border bg-white px-2 py-1.5 text-base text-slate-900 disabled:bg-slate-100 disabled:text-slate-500';

function TimeInput(props: {
  word: string;
  label: string;
  placeholder: string;
  value: string;
  disabled: boolean;
  errorId?: string;
  onChange(value: string): void;
}) {
  return (
    <label className="flex items-center gap-1">
      {props.word}
      <input
        type="text"
        inputMode="numeric"
        maxLength={5}
        placeholder={props.placeholder}
        className={`${timeInput} ${props.errorId ? 'border-red-600' : 'border-slate-300'}`}
        value={props.value}
        disabled={props.disabled}
        aria-label={props.label}
        aria-invalid={props.errorId ? true : undefined}
        aria-describedby={props.errorId}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </label>
  );
}

/** One day: on duty or not, and from when to when; the schema's message under it. */
function DayRow({
  day,
  value,
  error,
  onChange,
}: {
  day: number;
  value: Day;
  error?: string;
  onChange(patch: Partial<Day>): void;
}) {
  const name = WEEKDAY_NAMES[day];
  const errorId = `duty-${day}-error`;
  return (
    <li className="px-3 py-2" data-testid="duty-day">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <label className="flex w-28 items-center gap-2 font-medium text-slate-900">
          <input type="checkbox" checked={value.on} onChange={(e) => onChange({ on: e.target.checked })} />
          {name}
        </label>
        <span className="flex items-center gap-2 text-sm text-slate-700">
          <TimeInput
            word="de"
            label={`${name} : début`}
            placeholder="09:00"
            value={value.start}
            disabled={!value.on}
            errorId={error ? errorId : undefined}
            onChange={(start) => onChange({ start })}
          />
          <TimeInput
            word="à"
            label={`${name} : fin`}
            placeholder="18:00"
            value={value.end}
            disabled={!value.on}
            errorId={error ? errorId : undefined}
            onChange={(end) => onChange({ end })}
          />
        </span>
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </li>
  );
}

/** The plans' support hours, or the member's own. */
function DutyMode({ subject, own, setOwn }: { subject: string; own: boolean; setOwn(own: boolean): void }) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">Quand {subject} de garde</legend>
      <label className="flex items-start gap-2 text-slate-800">
        <input type="radio" name="duty-mode" className="mt-1.5" checked={!own} onChange={() => setOwn(false)} />
        <span>
          Horaires des formules{' '}
          <span className="block text-sm text-slate-600">
            Prévenu de chaque réponse bientôt due, aux heures d’assistance de la formule du client.
          </span>
        </span>
      </label>
      <label className="flex items-start gap-2 text-slate-800">
        <input type="radio" name="duty-mode" className="mt-1.5" checked={own} onChange={() => setOwn(true)} />
        <span>
          Horaires personnels{' '}
          <span className="block text-sm text-slate-600">Prévenu seulement pendant ces heures (heure de Paris).</span>
        </span>
      </label>
    </fieldset>
  );
}

/**
 * Working hours of a member: the plans' support hours (the default), or a range per day of the week in Paris time.
 * Checked with the server's own schema before sending; its refusal lands under the day too.
 */
export function DutyHoursEditor({
  initial,
  saving,
  onSave,
  onCancel,
  who,
}: {
  initial: WeekHours | null;
  saving: boolean;
  who: 'me' | 'member';
  onSave(hours: WeekHours | null, fail: (error: Error) => boolean): void;
  onCancel(): void;
}) {
  const [own, setOwn] = useState(initial !== null);
  const [days, setDays] = useState(() => toDays(initial));
  const [errors, setErrors] = useState<Errors>({});
  const change = (day: number, patch: Partial<Day>) =>
    setDays((all) => all.map((d, i) => (i === day ? { ...d, ...patch } : d)));

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const hours = own ? toHours(days) : null;
    const parsed = dutyHoursInputSchema.safeParse({ hours });
    if (!parsed.success) return setErrors(dayErrors(parsed.error.issues));
    setErrors({});
    onSave(hours, (error) => {
      if (!(error instanceof ApiRequestError) || !error.fieldErrors) return false;
      const found = dayErrors(
        Object.entries(error.fieldErrors).map(([key, [message]]) => ({ path: key.split('.'), message: message ?? '' })),
      );
      setErrors(found);
      return Object.keys(found).length > 0;
    });
  }

  const subject = who === 'me' ? 'vous êtes' : 'ce membre est';
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <DutyMode subject={subject} own={own} setOwn={setOwn} />
      {own && (
        <fieldset className="space-y-1">
          <legend className="sr-only">Jours et heures de garde</legend>
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
            {WEEK_ORDER.map((day) => (
              <DayRow
                key={day}
                day={day}
                value={days[day]!}
                error={errors[day]}
                onChange={(patch) => change(day, patch)}
              />
            ))}
          </ul>
          <p className="text-sm text-slate-600">
            Heures au format 08:30. Une garde de nuit se note sur deux jours : jusqu’à 24:00 le premier, dès 00:00 le
            suivant.
          </p>
        </fieldset>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Annuler
        </Button>
        <Button type="submit" disabled={saving}>
          Enregistrer les horaires
        </Button>
      </div>
    </form>
  );
}
