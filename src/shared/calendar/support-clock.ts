// The response clock (docs/decisions/035): business minutes in Paris time, by a plan's support hours, skipping
// French public holidays. Pure functions on instants; no Node, no DB, so the client shows what the server stored.

/** One day's opening, in minutes after Paris midnight: [open, close). 0–1440 is the whole day. */
export type DayHours = { open: number; close: number };

/**
 * A support schedule: hours per weekday (0 = Sunday … 6 = Saturday, null = closed) and whether public holidays are
 * worked. Every boundary is a whole hour between 8 h and 22 h, or midnight, so none falls in a DST gap (2 h–3 h).
 */
export type SupportSchedule = { days: readonly (DayHours | null)[]; openOnHolidays: boolean };

export const hours = (from: number, to: number): DayHours => ({ open: from * 60, close: to * 60 });

/** Around the clock, every day of the year (the urgent express of the yearly plans). */
export const ALWAYS_OPEN: SupportSchedule = { days: Array(7).fill(hours(0, 24)), openOnHolidays: true };

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

const parisParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Paris',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The Paris wall clock of an instant, as a UTC timestamp with the same fields (used to read the offset). */
function wallClockMs(instant: number): number {
  const parts = parisParts.formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
}

/** The Paris weekday (0 = Sunday) and minute of the day of an instant: where a member's working hours are read. */
export function parisWeekMinute(instant: Date): { day: number; minute: number } {
  const wall = new Date(wallClockMs(+instant));
  return { day: wall.getUTCDay(), minute: wall.getUTCHours() * 60 + wall.getUTCMinutes() };
}

/** The Paris calendar day of an instant, as the UTC midnight of that date (a day key that ignores DST). */
function parisDayOf(instant: Date | number): number {
  const wall = wallClockMs(+instant);
  return wall - (wall % DAY_MS);
}

/**
 * The instant a Paris wall-clock time happens: `day` (UTC midnight of the date) plus `minute` minutes. Two passes
 * settle the offset on either side of a DST change; minute 1440 is the next day's midnight, so a 23- or 25-hour day
 * comes out right.
 */
function parisInstant(day: number, minute: number): number {
  const wall = day + minute * MINUTE_MS;
  let guess = wall - (wallClockMs(wall) - wall);
  guess = wall - (wallClockMs(guess) - guess);
  return guess;
}

/** Easter Sunday (Gregorian, anonymous algorithm) as the UTC midnight of its date. */
export function easterSunday(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const dayOfMonth = ((h + l - 7 * m + 114) % 31) + 1;
  return Date.UTC(year, month - 1, dayOfMonth);
}

/**
 * The eleven national public holidays of France (Code du travail L3133-1): eight fixed dates and three counted from
 * Easter. Alsace-Moselle's two extra days are not national and not kept. Computed, so no table goes stale.
 */
const FIXED_HOLIDAYS = ['01-01', '05-01', '05-08', '07-14', '08-15', '11-01', '11-11', '12-25'] as const;
const EASTER_OFFSETS = [1, 39, 50] as const; // lundi de Pâques, Ascension, lundi de Pentecôte
const holidayCache = new Map<number, ReadonlySet<number>>();

function frenchHolidays(year: number): ReadonlySet<number> {
  let set = holidayCache.get(year);
  if (!set) {
    const easter = easterSunday(year);
    set = new Set([
      ...FIXED_HOLIDAYS.map((md) => Date.parse(`${year}-${md}T00:00:00Z`)),
      ...EASTER_OFFSETS.map((offset) => easter + offset * DAY_MS),
    ]);
    holidayCache.set(year, set);
  }
  return set;
}

export function isFrenchHoliday(day: number): boolean {
  return frenchHolidays(new Date(day).getUTCFullYear()).has(day);
}

/** The open interval of a Paris day as instants, or null when support is closed that day. */
function openInterval(schedule: SupportSchedule, day: number): [number, number] | null {
  const dayHours = schedule.days[new Date(day).getUTCDay()];
  if (!dayHours) return null;
  if (!schedule.openOnHolidays && isFrenchHoliday(day)) return null;
  return [parisInstant(day, dayHours.open), parisInstant(day, dayHours.close)];
}

// A schedule open at least one day a week finds an open day within two weeks, holidays included.
const MAX_DAYS = 400;

/** The instant `minutes` business minutes after `start`: only the schedule's open time counts. */
export function addBusinessMinutes(start: Date, minutes: number, schedule: SupportSchedule): Date {
  let left = minutes * MINUTE_MS;
  let day = parisDayOf(start);
  for (let i = 0; i < MAX_DAYS; i += 1, day += DAY_MS) {
    const open = openInterval(schedule, day);
    if (!open) continue;
    const from = Math.max(open[0], +start);
    if (from >= open[1]) continue;
    if (left <= open[1] - from) return new Date(from + left);
    left -= open[1] - from;
  }
  throw new Error('The support schedule has no open hours');
}

/** Business minutes between two instants (0 when `to` is not after `from`), by the schedule's open time. */
export function businessMinutesBetween(from: Date, to: Date, schedule: SupportSchedule): number {
  if (+to <= +from) return 0;
  let total = 0;
  for (let day = parisDayOf(from), last = parisDayOf(to); day <= last; day += DAY_MS) {
    const open = openInterval(schedule, day);
    if (!open) continue;
    total += Math.max(0, Math.min(open[1], +to) - Math.max(open[0], +from));
  }
  return total / MINUTE_MS;
}

// ---- how the clock reads in French -----------------------------------------------------------------------------

const WEEKDAYS = ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'] as const;
const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
] as const;

/** « 14 h 30 », « 9 h » in Paris time. */
function parisClock(instant: Date): string {
  const wall = new Date(wallClockMs(+instant));
  const minutes = wall.getUTCMinutes();
  return `${wall.getUTCHours()} h${minutes ? ` ${String(minutes).padStart(2, '0')}` : ''}`;
}

/** « 14 h 30 » today, « demain à 9 h », « lundi à 9 h 15 » within the week, « le 3 décembre à 9 h » beyond. */
export function parisMoment(instant: Date, now: Date): string {
  const days = Math.round((parisDayOf(instant) - parisDayOf(now)) / DAY_MS);
  const clock = parisClock(instant);
  if (days === 0) return clock;
  if (days === 1) return `demain à ${clock}`;
  const day = new Date(parisDayOf(instant));
  if (days > 1 && days < 7) return `${WEEKDAYS[day.getUTCDay()]} à ${clock}`;
  return `le ${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]} à ${clock}`;
}

/** « 1 h 05 », « 25 min »: a duration in whole minutes, rounded up so « 0 min » never shows while time is left. */
export function durationLabel(ms: number): string {
  const minutes = Math.ceil(Math.abs(ms) / MINUTE_MS);
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (h < 48) return rest ? `${h} h ${String(rest).padStart(2, '0')}` : `${h} h`;
  return `${Math.floor(h / 24)} j ${h % 24} h`;
}

export type ClockState = { state: 'waiting' | 'overdue' | 'answered' | 'late'; label: string };

/**
 * Where a request stands against its promise. `audience` picks the wording: the client reads when it will be taken
 * in charge, staff read the time left.
 */
export function clockState(
  r: { dueAt: string | null; firstResponseAt: string | null },
  now: Date,
  audience: 'client' | 'staff',
): ClockState | null {
  if (!r.dueAt) return null;
  const due = new Date(r.dueAt);
  if (r.firstResponseAt) {
    const answered = new Date(r.firstResponseAt);
    // The first response is taking the request in hand as well as writing (decision 035): « prise en charge » says
    // both, where « répondu » told staff a message had gone to a client who had none.
    return answered <= due
      ? { state: 'answered', label: 'Prise en charge dans les délais' }
      : { state: 'late', label: `Prise en charge avec ${durationLabel(+answered - +due)} de retard` };
  }
  if (+due > +now) {
    return audience === 'client'
      ? { state: 'waiting', label: `Prise en charge avant ${parisMoment(due, now)}` }
      : { state: 'waiting', label: `Reste ${durationLabel(+due - +now)} (avant ${parisMoment(due, now)})` };
  }
  return audience === 'client'
    ? { state: 'overdue', label: 'Prise en charge imminente : un technicien arrive' }
    : { state: 'overdue', label: `En retard de ${durationLabel(+now - +due)}` };
}
