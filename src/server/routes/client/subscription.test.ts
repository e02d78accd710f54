import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { todayIso } from '../../../shared/format';
import type { CurrentSubscriptionDto } from '../../services/client-interventions';
import { clientLogin, postOrder, staffLogin } from '../admin/test-fixtures';

/** The first day of this month in Paris, and the same day `months` later. */
function monthStart(months = 0): string {
  const [year, month] = todayIso().split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}
const daysAgo = (n: number) => todayIso(new Date(Date.now() - n * 86_400_000));

describe('[CLIENT][SUBSCRIPTION] the dashboard\'s current subscription', () => {
  let t: TestApp;
  let staff: Record<string, string>;
  async function signedIn(username: string, orders: Array<Record<string, unknown>>) {
    for (const order of orders) {
      await postOrder(t, staff, {
        clientName: `Client ${username}`, clientEmail: `${username}@exemple.fr`, username, password: `motdepasse-${username}`, ...order,
      });
    }
    return clientLogin(t, username, `motdepasse-${username}`);
  }
  beforeAll(async () => {
    t = await createTestApp();
    staff = await staffLogin(t);
  });
  afterAll(async () => t.close());

  it('answers the figures of a known paid order', async () => {
    const headers = await signedIn('claire', [{ plan: 'standard', orderDate: monthStart(), paymentMethod: 'virement' }]);
    await t.app.inject({ method: 'POST', url: '/api/interventions', headers });
    const res = await t.app.inject({ method: 'GET', url: '/api/subscriptions/current', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json<CurrentSubscriptionDto>()).toEqual({
      plan: 'Standard', planId: 'standard', price: 25, durationMonths: 3,
      startDate: monthStart(), endDate: monthStart(3),
      interventionsUsed: 1, interventionsPerMonth: 10, maxDevices: 1,
    });
  });

  it('answers the most recent running subscription when two overlap, unlimited as null', async () => {
    const headers = await signedIn('famille', [
      { plan: 'pro', orderDate: daysAgo(20) },
      { plan: 'famille', orderDate: daysAgo(3), clientEmail: 'famille@exemple.fr', username: '', password: '' },
    ]);
    const res = await t.app.inject({ method: 'GET', url: '/api/subscriptions/current', headers });
    expect(res.json()).toMatchObject({
      plan: 'Famille', planId: 'famille', price: 110, durationMonths: 12, startDate: daysAgo(3),
      interventionsUsed: 0, interventionsPerMonth: null, maxDevices: 3,
    });
  });

  it('answers JSON null without a running paid subscription', async () => {
    for (const [username, order] of [
      ['expire', { plan: 'basique', orderDate: '2020-01-01' }],
      ['attente', { plan: 'pro', orderDate: todayIso(), paymentStatus: 'pending' }],
      ['echec', { plan: 'pro', orderDate: todayIso(), paymentStatus: 'failed' }],
    ] as const) {
      const headers = await signedIn(username, [order]);
      const res = await t.app.inject({ method: 'GET', url: '/api/subscriptions/current', headers });
      expect(res.statusCode, username).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toBe('null');
    }
  });
});
