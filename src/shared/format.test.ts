import { describe, expect, it } from 'vitest';
import { todayIso } from './format.ts';

describe('[FORMAT] today is the Paris calendar day', () => {
  it('turns at midnight in Paris, in winter and in summer time', () => {
    expect(todayIso(new Date('2026-11-27T22:59:59Z'))).toBe('2026-11-27');
    expect(todayIso(new Date('2026-11-27T23:00:00Z'))).toBe('2026-11-28');
    expect(todayIso(new Date('2026-07-14T21:59:59Z'))).toBe('2026-07-14');
    expect(todayIso(new Date('2026-07-14T22:00:00Z'))).toBe('2026-07-15');
  });

  it('writes the year in full and the month and day on two digits', () => {
    expect(todayIso(new Date('2027-01-01T08:00:00Z'))).toBe('2027-01-01');
    expect(todayIso(new Date('2026-12-31T22:59:00Z'))).toBe('2026-12-31');
    expect(todayIso(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });
});
