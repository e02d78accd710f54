import { describe, expect, it } from 'vitest';
import { parisMonthStart } from './client-interventions';

describe('parisMonthStart', () => {
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
