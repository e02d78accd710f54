// A staff member's working hours (« Horaires de garde »): who is on duty when a request's response is near due
// (services/interventions/response-alerts.ts). One range per day of the week, in Paris time; none set: the member
// follows the plans' support hours, so a team that sets nothing is warned as before.
import { z } from '#shared/common/zod.ts';
import { parisWeekMinute } from '#shared/calendar/support-clock.ts';

/** 0 = dimanche … 6 = samedi, as the support clock counts them; shown Monday first. */
export const WEEKDAY_NAMES = ['Dimanche', 'Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi'] as const;
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const time = z.string({ error: 'Heure invalide' }).regex(TIME, 'Heure invalide : au format 08:30, de 00:00 à 24:00');

/** « 08:30 » → 510 minutes after Paris midnight. */
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

const dayRange = z.object({ start: time, end: time });

/** Seven days (null: not working that day); each range ends after it starts, within the day. */
const weekHours = z
  .array(dayRange.nullable())
  .length(7, 'Indiquez les sept jours de la semaine')
  .superRefine((days, ctx) =>
    days.forEach((range, day) => {
      if (range && TIME.test(range.start) && TIME.test(range.end) && minutesOf(range.end) <= minutesOf(range.start)) {
        ctx.addIssue({
          code: 'custom',
          path: [day, 'end'],
          message: `${WEEKDAY_NAMES[day]} : l’heure de fin doit être après l’heure de début (une garde de nuit se note sur deux jours : jusqu’à 24:00, puis dès 00:00).`,
        });
      }
    }),
  );
export type WeekHours = z.infer<typeof weekHours>;

/**
 * PUT /api/admin/team/:id/duty-hours (admins) and PUT /api/admin/me/duty-hours (the member): `hours` null returns to
 * the plans' support hours.
 */
export const dutyHoursInputSchema = z.object({ hours: weekHours.nullable() });

/** GET/PUT /api/admin/me/duty-hours: the member's own hours. */
export const dutyHoursSchema = z.object({ hours: weekHours.nullable() });

/** Whether hours of one's own put the member on duty at that instant (Paris wall clock); null hours follow the plans. */
export function onDutyAt(hours: WeekHours | null, instant: Date): boolean {
  if (hours === null) return true;
  const { day, minute } = parisWeekMinute(instant);
  const range = hours[day];
  return !!range && minute >= minutesOf(range.start) && minute < minutesOf(range.end);
}

/** « Lun. 09:00–18:00 · Sam. 10:00–12:00 », or what null and an empty week mean. */
export function dutyHoursLabel(hours: WeekHours | null): string {
  if (hours === null) return 'Horaires des formules';
  const days = WEEK_ORDER.filter((d) => hours[d]).map(
    (d) => `${WEEKDAY_NAMES[d].slice(0, 3)}. ${hours[d]!.start}–${hours[d]!.end}`,
  );
  return days.length ? days.join(' · ') : 'Jamais de garde';
}

/** What the editor offers when a member leaves the plans' hours: Monday to Friday, 9 h to 18 h. */
export const DEFAULT_OWN_HOURS: WeekHours = [
  null,
  ...Array.from({ length: 5 }, () => ({ start: '09:00', end: '18:00' })),
  null,
];
