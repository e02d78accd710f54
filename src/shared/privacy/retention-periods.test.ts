import { describe, expect, it } from 'vitest';
import { durationLabel, periodMs, RETENTION, retentionLimit, retentionLimitDay } from './retention-periods.ts';

describe('[PRIVACY][RETENTION] a period ends on the date the privacy page promises', () => {
  it('counts years and months on the calendar, shorter periods in fixed time', () => {
    const now = new Date('2028-02-29T04:00:00Z');
    expect(retentionLimit(RETENTION.contactMessages, now).toISOString()).toBe('2025-03-01T04:00:00.000Z');
    expect(retentionLimit(RETENTION.billing, new Date('2026-11-27T04:00:00Z')).toISOString()).toBe(
      '2016-11-27T04:00:00.000Z',
    );
    expect(retentionLimit(RETENTION.liveSignals, now).toISOString()).toBe('2028-02-29T03:50:00.000Z');
    expect(periodMs(RETENTION.clientSessions)).toBe(30 * 86_400_000);
    expect(() => periodMs(RETENTION.account)).toThrow(/no fixed length/);
  });

  it('counts a period from a day on the days themselves, whatever the clocks did in between', () => {
    expect(retentionLimitDay(RETENTION.account, '2026-10-26')).toBe('2023-10-26');
    expect(retentionLimitDay(RETENTION.account, '2028-02-29')).toBe('2025-03-01');
    expect(retentionLimitDay(RETENTION.account, '2026-03-29')).toBe('2023-03-29');
    expect(() => retentionLimitDay(RETENTION.liveSignals, '2026-10-26')).toThrow(/not counted in days/);
  });

  it('writes each duration as a reader says it', () => {
    expect(durationLabel(RETENTION.passwordResets)).toBe('1 heure');
    expect(durationLabel(RETENTION.screenShares)).toBe('1 an');
    expect(durationLabel(RETENTION.billing)).toBe('10 ans');
    expect(durationLabel(RETENTION.outboxMessages)).toBe('90 jours');
  });
});
