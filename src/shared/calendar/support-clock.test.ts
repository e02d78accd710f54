import { describe, expect, it } from 'vitest';
import { getPlan, responseDueAt } from '#shared/plans.ts';
import {
  ALWAYS_OPEN,
  addBusinessMinutes,
  businessMinutesBetween,
  clockState,
  easterSunday,
  isFrenchHoliday,
  parisMoment,
} from './support-clock.ts';

const at = (iso: string) => new Date(iso);
const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const basique = getPlan('basique');
const standard = getPlan('standard');
const pro = getPlan('pro');

describe('French public holidays', () => {
  it('finds Easter and the days counted from it', () => {
    expect(new Date(easterSunday(2024)).toISOString().slice(0, 10)).toBe('2024-03-31');
    expect(new Date(easterSunday(2026)).toISOString().slice(0, 10)).toBe('2026-04-05');
    expect(isFrenchHoliday(day('2026-04-06'))).toBe(true); // lundi de Pâques
    expect(isFrenchHoliday(day('2026-05-14'))).toBe(true); // Ascension
    expect(isFrenchHoliday(day('2026-05-25'))).toBe(true); // lundi de Pentecôte
    expect(isFrenchHoliday(day('2026-07-14'))).toBe(true);
    expect(isFrenchHoliday(day('2026-07-15'))).toBe(false);
  });
});

describe('the due time of an intervention', () => {
  it('carries the rest of the promise over the night to the next opening', () => {
    // Tuesday 17:00 in Paris (winter, UTC+1): one hour today, three tomorrow from 9 h.
    expect(responseDueAt(basique, 'medium', at('2026-11-24T16:00:00Z')).toISOString()).toBe('2026-11-25T11:00:00.000Z');
  });

  it('skips the weekend for a plan open from Monday to Friday', () => {
    // Friday 16:30: 90 minutes on Friday, 150 on Monday from 9 h → Monday 11:30 Paris.
    expect(responseDueAt(basique, 'low', at('2026-11-27T15:30:00Z')).toISOString()).toBe('2026-11-30T10:30:00.000Z');
    // Received on Saturday: the clock starts on Monday at 9 h.
    expect(responseDueAt(basique, 'medium', at('2026-11-28T10:00:00Z')).toISOString()).toBe('2026-11-30T12:00:00.000Z');
  });

  it('skips a public holiday', () => {
    // Thursday 24 December 19:30: 30 minutes that evening, Christmas closed, Saturday 26 from 8 h for 90 minutes.
    expect(responseDueAt(standard, 'medium', at('2026-12-24T18:30:00Z')).toISOString()).toBe(
      '2026-12-26T08:30:00.000Z',
    );
  });

  it('counts real minutes across the spring DST change (a 23-hour day)', () => {
    // Sunday 29 March 2026, 01:50 CET: the urgent express of a yearly plan runs 30 real minutes → 03:20 CEST.
    expect(responseDueAt(pro, 'high', at('2026-03-29T00:50:00Z')).toISOString()).toBe('2026-03-29T01:20:00.000Z');
    expect(businessMinutesBetween(at('2026-03-28T23:00:00Z'), at('2026-03-29T22:00:00Z'), ALWAYS_OPEN)).toBe(23 * 60);
    // Opening hours follow the wall clock: 8 h is 06:00 UTC after the change.
    expect(responseDueAt(pro, 'medium', at('2026-03-29T05:00:00Z')).toISOString()).toBe('2026-03-29T06:15:00.000Z');
  });

  it('counts real minutes across the autumn DST change (a 25-hour day)', () => {
    // Saturday 24 October 21:50 CEST: 10 minutes before 22 h, then Sunday 8 h CET (07:00 UTC) + 5.
    expect(responseDueAt(pro, 'medium', at('2026-10-24T19:50:00Z')).toISOString()).toBe('2026-10-25T07:05:00.000Z');
    expect(businessMinutesBetween(at('2026-10-24T22:00:00Z'), at('2026-10-25T23:00:00Z'), ALWAYS_OPEN)).toBe(25 * 60);
  });

  it('answers an urgent intervention of a yearly plan within 30 minutes at night, a normal one in the morning', () => {
    const night = at('2026-11-24T22:00:00Z'); // 23:00 in Paris
    expect(responseDueAt(pro, 'high', night).toISOString()).toBe('2026-11-24T22:30:00.000Z');
    expect(responseDueAt(pro, 'medium', night).toISOString()).toBe('2026-11-25T07:15:00.000Z');
    // The monthly plan's urgent request halves the wait but keeps its hours.
    expect(responseDueAt(basique, 'high', at('2026-11-24T09:00:00Z')).toISOString()).toBe('2026-11-24T11:00:00.000Z');
  });
});

describe('business minutes between two instants', () => {
  it('counts only open time', () => {
    // Friday 17:00 → Monday 10:00 Paris on weekdays 9–18: one hour each side.
    expect(
      businessMinutesBetween(at('2026-11-27T16:00:00Z'), at('2026-11-30T09:00:00Z'), basique.support.normal.schedule),
    ).toBe(120);
    expect(
      businessMinutesBetween(at('2026-11-30T09:00:00Z'), at('2026-11-27T16:00:00Z'), basique.support.normal.schedule),
    ).toBe(0);
  });

  it('is the inverse of adding business minutes', () => {
    const start = at('2026-12-23T15:12:00Z');
    const schedule = standard.support.normal.schedule;
    expect(businessMinutesBetween(start, addBusinessMinutes(start, 777, schedule), schedule)).toBe(777);
  });
});

describe('how the clock reads', () => {
  const now = at('2026-11-24T10:00:00Z'); // Tuesday 11:00 in Paris
  it('tells the client when the intervention will be taken in charge', () => {
    expect(clockState({ dueAt: '2026-11-24T13:30:00Z', firstResponseAt: null }, now, 'client')?.label).toBe(
      'Prise en charge avant 14 h 30',
    );
    expect(clockState({ dueAt: '2026-11-30T08:15:00Z', firstResponseAt: null }, now, 'client')?.label).toBe(
      'Prise en charge avant lundi à 9 h 15',
    );
    expect(parisMoment(at('2026-11-25T08:00:00Z'), now)).toBe('demain à 9 h');
    expect(
      clockState({ dueAt: '2026-11-24T13:30:00Z', firstResponseAt: '2026-11-24T11:00:00Z' }, now, 'client'),
    ).toEqual({ state: 'answered', label: 'Prise en charge dans les délais' });
  });

  it('tells staff the time left or how late the intervention is', () => {
    expect(clockState({ dueAt: '2026-11-24T11:20:00Z', firstResponseAt: null }, now, 'staff')).toEqual({
      state: 'waiting',
      label: 'Reste 1 h 20 (avant 12 h 20)',
    });
    expect(clockState({ dueAt: '2026-11-24T09:35:00Z', firstResponseAt: null }, now, 'staff')).toEqual({
      state: 'overdue',
      label: 'En retard de 25 min',
    });
    expect(clockState({ dueAt: null, firstResponseAt: null }, now, 'staff')).toBeNull();
    // Taken in hand or written to: both are the first response, and read as such.
    expect(
      clockState({ dueAt: '2026-11-24T11:20:00Z', firstResponseAt: '2026-11-24T10:00:00Z' }, now, 'staff'),
    ).toEqual({ state: 'answered', label: 'Prise en charge dans les délais' });
    expect(
      clockState({ dueAt: '2026-11-24T09:35:00Z', firstResponseAt: '2026-11-24T10:05:00Z' }, now, 'staff'),
    ).toEqual({ state: 'late', label: 'Prise en charge avec 30 min de retard' });
  });
});
