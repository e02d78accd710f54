import { describe, expect, it } from 'vitest';
import { allowanceText, allowanceUsed, daysLeftText, renewalWindowDays } from './subscription-facts.ts';

describe('subscription facts on the dashboards', () => {
  it("shows the month's requests against the allowance, or Illimitées", () => {
    expect(allowanceText({ interventionsUsed: 1, interventionsPerMonth: 3 })).toBe('1 / 3');
    expect(allowanceText({ interventionsUsed: 12, interventionsPerMonth: null })).toBe('Illimitées');
    expect(allowanceText({ interventionsUsed: 0, interventionsPerMonth: 0 })).toBe('Illimitées');
  });

  it('knows when the allowance is used, never for an unlimited plan', () => {
    expect(allowanceUsed({ interventionsUsed: 2, interventionsPerMonth: 3 })).toBe(false);
    expect(allowanceUsed({ interventionsUsed: 3, interventionsPerMonth: 3 })).toBe(true);
    expect(allowanceUsed({ interventionsUsed: 50, interventionsPerMonth: null })).toBe(false);
  });

  it('counts the days left, the last one included', () => {
    expect(daysLeftText(120)).toBe('Il reste 120 jours');
    expect(daysLeftText(2)).toBe('Il reste 2 jours');
    expect(daysLeftText(1)).toBe('Dernier jour aujourd’hui');
  });

  it('offers renewal a month ahead, ten days for a one-month plan', () => {
    expect(renewalWindowDays(12)).toBe(30);
    expect(renewalWindowDays(3)).toBe(30);
    expect(renewalWindowDays(1)).toBe(10);
  });
});
