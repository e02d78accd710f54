import { beforeAll, describe, expect, it } from 'vitest';
import type { DashboardStats } from '#shared/orders/stats-api.ts';
import type { OrderInput } from '#shared/orders/order-input.ts';
import { postOrder, staffTestApp } from '#server/test/fixtures.ts';

// A hand-made month of business; every expected figure below is worked out by hand from this table.
const DATA: Array<Partial<OrderInput>> = [
  { orderDate: '2024-12-31', plan: 'pro', paymentMethod: 'carte', paymentStatus: 'paid' }, //     50 €, outside the filter
  { orderDate: '2025-01-01', plan: 'basique', paymentMethod: 'carte', paymentStatus: 'paid' }, // 10 €, first day included
  { orderDate: '2025-01-15', plan: 'standard', paymentMethod: 'virement', paymentStatus: 'pending' }, // 25 € pending
  { orderDate: '2025-02-10', plan: 'pro', paymentMethod: 'offert', paymentStatus: 'paid' }, //   gifted: 0 €, 1 credit
  { orderDate: '2025-02-20', plan: 'duo', paymentMethod: 'carte', paymentStatus: 'failed' }, //  85 € failed
  { orderDate: '2025-03-05', plan: 'etendue', paymentMethod: 'cheque', paymentStatus: 'paid' }, // 35 €
  { orderDate: '2025-03-31', plan: 'famille', paymentMethod: 'especes', paymentStatus: 'paid' }, // 110 €, last day included
  { orderDate: '2025-04-01', plan: 'etendue', paymentMethod: 'carte', paymentStatus: 'paid' }, // 35 €, outside the filter
];

describe('[ADMIN][STATS] dashboard figures computed in SQL', () => {
  const { t, staff } = staffTestApp();
  beforeAll(async () => {
    for (const [i, order] of DATA.entries()) await postOrder(t, staff, { ...order, clientEmail: `c${i}@exemple.fr` });
  });

  const stats = async (query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/stats${query}`, headers: staff });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<DashboardStats>();
  };

  it('counts the first quarter of 2025, both bounds included', async () => {
    const s = await stats('?from=2025-01-01&to=2025-03-31');
    expect(s).toEqual({
      revenue: 155, // 10 + 0 + 35 + 110 (paid only)
      giftedCount: 1,
      totalCreditCost: 6.9, // 0.1 + 0.25 + 1 + 2 + 0.5 + 3 = 6.85, one decimal
      totalOrders: 6,
      pendingPayments: 1,
      conversionRate: 67, // 4 paid of 6
      byPlan: [
        { plan: 'basique', orders: 1, paid: 1, gifted: 0, revenue: 10, creditCost: 0.1 },
        { plan: 'standard', orders: 1, paid: 0, gifted: 0, revenue: 0, creditCost: 0.25 },
        { plan: 'etendue', orders: 1, paid: 1, gifted: 0, revenue: 35, creditCost: 0.5 },
        { plan: 'pro', orders: 1, paid: 1, gifted: 1, revenue: 0, creditCost: 1 },
        { plan: 'duo', orders: 1, paid: 0, gifted: 0, revenue: 0, creditCost: 2 },
        { plan: 'famille', orders: 1, paid: 1, gifted: 0, revenue: 110, creditCost: 3 },
      ],
      byMonth: [
        { month: '2025-01', revenue: 10, orders: 2 },
        { month: '2025-02', revenue: 0, orders: 2 },
        { month: '2025-03', revenue: 145, orders: 2 },
      ],
    });
  });

  it('counts everything without a filter', async () => {
    const s = await stats();
    expect(s).toMatchObject({
      revenue: 240,
      giftedCount: 1,
      totalCreditCost: 8.4,
      totalOrders: 8,
      pendingPayments: 1,
      conversionRate: 75,
    });
    expect(s.byMonth.map((m) => m.month)).toEqual(['2024-12', '2025-01', '2025-02', '2025-03', '2025-04']);
    expect(s.byPlan.find((p) => p.plan === 'pro')).toEqual({
      plan: 'pro',
      orders: 2,
      paid: 2,
      gifted: 1,
      revenue: 50,
      creditCost: 2,
    });
  });

  it('accepts one bound alone', async () => {
    expect((await stats('?from=2025-03-31')).totalOrders).toBe(2);
    expect((await stats('?to=2025-01-01')).totalOrders).toBe(2);
  });

  it('answers zeros, with all six plans, when nothing matches', async () => {
    const s = await stats('?from=2030-01-01&to=2030-12-31');
    expect(s).toMatchObject({
      revenue: 0,
      giftedCount: 0,
      totalCreditCost: 0,
      totalOrders: 0,
      pendingPayments: 0,
      conversionRate: 0,
      byMonth: [],
    });
    expect(s.byPlan.map((p) => p.plan)).toEqual(['basique', 'standard', 'etendue', 'pro', 'duo', 'famille']);
    expect(s.byPlan.every((p) => p.orders === 0 && p.revenue === 0)).toBe(true);
  });

  it.each(['from=2025-13-01', 'from=0000-01-01', 'to=0000-01-01', 'to=9999-12-31'])(
    'refuses an invalid date (%s) with 400, never 500',
    async (query) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/stats?${query}`, headers: staff });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors[query.split('=')[0]!]).toEqual(['Date invalide']);
    },
  );

  it('refuses a range that ends before it starts, in the dashboard and the journal alike', async () => {
    for (const path of ['/api/admin/stats', '/api/admin/audit']) {
      const res = await t.app.inject({ method: 'GET', url: `${path}?from=2025-03-31&to=2025-01-01`, headers: staff });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fieldErrors.to).toEqual([
        'La date de fin doit être le même jour que la date de début ou après.',
      ]);
    }
    const oneDay = await t.app.inject({
      method: 'GET',
      url: '/api/admin/stats?from=2025-01-15&to=2025-01-15',
      headers: staff,
    });
    expect(oneDay.statusCode, oneDay.body).toBe(200);
  });
});
