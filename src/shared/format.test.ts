import { describe, expect, it } from 'vitest';
import { formatEuro, todayIso } from './format.ts';

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

describe('[FORMAT] amounts, in French and on one line', () => {
  it('writes euros the French way, joined by no-break spaces', () => {
    expect(formatEuro(25)).toBe('25,00\u00a0€');
    expect(formatEuro('1250.5')).toBe('1\u00a0250,50\u00a0€');
    expect(formatEuro('pas un nombre')).toBe('0,00\u00a0€');
    // nothing in an amount lets a line break inside it
    expect(formatEuro(123456.78)).not.toMatch(/\s(?<!\u00a0)/);
  });

  it('leaves out « ,00 » in the totals, never the cents there are', () => {
    expect(formatEuro('50.00', { whole: true })).toBe('50\u00a0€');
    expect(formatEuro(1250, { whole: true })).toBe('1\u00a0250\u00a0€');
    expect(formatEuro('12.50', { whole: true })).toBe('12,50\u00a0€');
    expect(formatEuro(0.1 + 0.2, { whole: true })).toBe('0,30\u00a0€');
  });

  it("shortens a chart's label, on one line too", () => {
    expect(formatEuro(850, { compact: true })).toBe('850\u00a0€');
    expect(formatEuro(12345, { compact: true })).toBe('12,3\u00a0k\u00a0€');
  });
});
