import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, parisMonthStart, periodEndsOn } from './paris-calendar.ts';

describe("parisMonthStart: when a month's allowance starts", () => {
  it('is midnight of the 1st in Paris, winter and summer time', () => {
    expect(parisMonthStart(new Date('2025-03-15T10:00:00Z')).toISOString()).toBe('2025-02-28T23:00:00.000Z');
    expect(parisMonthStart(new Date('2025-07-20T10:00:00Z')).toISOString()).toBe('2025-06-30T22:00:00.000Z');
  });

  it('follows the Paris calendar around midnight', () => {
    // 30 June 22:30 UTC is already 1 July in Paris.
    expect(parisMonthStart(new Date('2025-06-30T22:30:00Z')).toISOString()).toBe('2025-06-30T22:00:00.000Z');
    // 31 December 22:59 UTC is still 31 December in Paris.
    expect(parisMonthStart(new Date('2025-12-31T22:59:00Z')).toISOString()).toBe('2025-11-30T23:00:00.000Z');
    expect(parisMonthStart(new Date('2025-12-31T23:00:00Z')).toISOString()).toBe('2025-12-31T23:00:00.000Z');
  });
});

describe('periodEndsOn: the day before the same date N months later', () => {
  it('ends a month bought on the 15th on the 14th of the next month, a year bought on 1 March on the last day of February', () => {
    expect(periodEndsOn('2025-03-15', 1)).toBe('2025-04-14');
    expect(periodEndsOn('2025-03-01', 12)).toBe('2026-02-28');
    expect(periodEndsOn('2025-03-01', 1)).toBe('2025-03-31');
    expect(periodEndsOn('2025-12-10', 3)).toBe('2026-03-09');
  });

  it('runs a month bought on 29, 30 or 31 January to the last day of February, since 29-31 February do not exist', () => {
    expect(periodEndsOn('2025-01-31', 1)).toBe('2025-02-28');
    expect(periodEndsOn('2025-01-30', 1)).toBe('2025-02-28');
    expect(periodEndsOn('2025-01-29', 1)).toBe('2025-02-28');
    expect(periodEndsOn('2025-01-28', 1)).toBe('2025-02-27');
    expect(periodEndsOn('2024-01-31', 1)).toBe('2024-02-29');
    expect(periodEndsOn('2025-08-31', 6)).toBe('2026-02-28');
    expect(periodEndsOn('2024-02-29', 12)).toBe('2025-02-28');
  });

  it('counts calendar days across months and years', () => {
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(daysBetween('2025-01-31', '2025-02-28')).toBe(28);
    expect(daysBetween('2025-03-01', '2025-03-01')).toBe(0);
  });
});
