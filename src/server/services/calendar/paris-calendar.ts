// The company's calendar is Paris time: a day, a month and a monthly allowance start at midnight there.
import { todayIso } from '#shared/format.ts';

// Built once: an Intl formatter is costly to construct, cheap to use.
const parisWallClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Paris',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * The instant the current calendar month began in Paris. DST never changes on the 1st at midnight, so the offset
 * read at 00:00 UTC of that day is the one in force at local midnight.
 */
export function parisMonthStart(now = new Date()): Date {
  const [year, month] = todayIso(now).split('-').map(Number) as [number, number];
  const utcMidnight = Date.UTC(year, month - 1, 1);
  const parts = parisWallClock.formatToParts(new Date(utcMidnight));
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const wallClock = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
  return new Date(utcMidnight - (wallClock - utcMidnight));
}

const isoOf = (utc: number) => new Date(utc).toISOString().slice(0, 10);
const partsOf = (day: string) => day.split('-').map(Number) as [number, number, number];

/** A calendar day (YYYY-MM-DD) moved by whole days. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = partsOf(day);
  return isoOf(Date.UTC(y, m - 1, d + days));
}

/** Whole days from `from` to `to` (0 when equal, negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const [y1, m1, d1] = partsOf(from);
  const [y2, m2, d2] = partsOf(to);
  return Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / 86_400_000);
}

/**
 * The last day a period of `months` starting on `startsOn` covers: the day before the same date `months` later.
 * When that date does not exist (31 January + 1 month: no 31 February) the period runs to the end of that month,
 * so a month bought on the 31st is never shorter than the month it falls in.
 */
export function periodEndsOn(startsOn: string, months: number): string {
  const [y, m, d] = partsOf(startsOn);
  const daysInTarget = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  if (d > daysInTarget) return isoOf(Date.UTC(y, m - 1 + months, daysInTarget));
  return isoOf(Date.UTC(y, m - 1 + months, d - 1));
}
