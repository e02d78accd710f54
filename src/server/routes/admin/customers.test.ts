import { beforeAll, describe, expect, it } from 'vitest';
import type { CustomerDto } from '#shared/orders/customer-api.ts';
import type { OrderDto } from '#shared/orders/order-api.ts';
import { postOrder, staffTestApp } from '#server/test/fixtures.ts';

describe('[ADMIN][USERS] customers grouped by e-mail in SQL', () => {
  const { t, staff } = staffTestApp();
  beforeAll(async () => {
    // Alice: three orders under two spellings of her e-mail, the last one with her new phone and an account.
    await postOrder(t, staff, {
      clientName: 'Alice Ancien',
      clientEmail: 'alice@exemple.fr',
      plan: 'pro',
      orderDate: '2025-01-10',
      paymentStatus: 'paid',
    });
    await postOrder(t, staff, {
      clientName: 'Alice Martin',
      clientEmail: 'ALICE@exemple.fr',
      plan: 'basique',
      orderDate: '2025-02-10',
      paymentMethod: 'offert',
      paymentStatus: 'paid',
    });
    await postOrder(t, staff, {
      clientName: 'Alice Martin',
      clientEmail: 'Alice@Exemple.fr',
      clientPhone: '07 00 00 00 01',
      plan: 'standard',
      orderDate: '2025-03-10',
      paymentStatus: 'pending',
      username: 'amartin',
      password: 'Azur-Passerelle-2026',
    });
    await postOrder(t, staff, {
      clientName: 'Bruno Petit',
      clientEmail: 'bruno@exemple.fr',
      plan: 'famille',
      orderDate: '2025-03-20',
      paymentStatus: 'paid',
    });
    await postOrder(t, staff, {
      clientName: 'Chloé Grand',
      clientEmail: 'chloe@exemple.fr',
      plan: 'duo',
      orderDate: '2024-06-01',
      paymentStatus: 'failed',
    });
  });

  const users = async (query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/users${query}`, headers: staff });
    expect(res.statusCode, res.body).toBe(200);
    return { items: res.json<CustomerDto[]>(), total: Number(res.headers['x-total-count']) };
  };

  it('groups orders by lower-case e-mail, latest order first, with totals', async () => {
    const { items, total } = await users();
    expect(total).toBe(3);
    expect(items.map((c) => c.name)).toEqual(['Bruno Petit', 'Alice Martin', 'Chloé Grand']);
    expect(items[1]).toEqual({
      email: 'Alice@Exemple.fr', // as the account was created
      name: 'Alice Martin',
      phone: '07 00 00 00 01',
      username: 'amartin',
      revenue: 50, // the gifted order is 0 €, the pending one does not count
      orderCount: 3,
      paidCount: 2,
      giftedCount: 1,
      credits: 1.35, // 1 + 0.1 + 0.25
      lastOrderDate: '2025-03-10',
    });
    expect(items[2]).toMatchObject({ revenue: 0, orderCount: 1, paidCount: 0, username: null });
  });

  it('pages with limit and offset', async () => {
    const page = await users('?limit=1&offset=1');
    expect(page.total).toBe(3);
    expect(page.items.map((c) => c.name)).toEqual(['Alice Martin']);
    const past = await users('?limit=10&offset=10');
    expect(past).toEqual({ items: [], total: 3 });
  });

  it('searches name, e-mail or username but keeps whole groups', async () => {
    expect((await users('?q=AMARTIN')).items.map((c) => c.name)).toEqual(['Alice Martin']);
    expect((await users('?q=bruno@')).items.map((c) => c.name)).toEqual(['Bruno Petit']);
    // An old name still finds the customer, with the totals of all her orders.
    const old = await users('?q=ancien');
    expect(old.total).toBe(1);
    expect(old.items[0]).toMatchObject({ name: 'Alice Martin', orderCount: 3 });
    expect((await users('?q=personne')).total).toBe(0);
  });

  it("counts a customer's spending net of credit notes, as the dashboard does", async () => {
    const bruno = async () => (await users('?q=bruno@')).items[0]!;
    const before = await bruno();
    const [order] = (
      await t.app.inject({ method: 'GET', url: '/api/admin/manual-orders?email=bruno@exemple.fr', headers: staff })
    ).json<OrderDto[]>();
    const credit = await t.app.inject({
      method: 'POST',
      url: `/api/admin/manual-orders/${order!.id}/credit-notes`,
      headers: staff,
      payload: { amount: '20', reason: 'Geste commercial' },
    });
    expect(credit.statusCode, credit.body).toBe(201);
    expect((await bruno()).revenue).toBe(before.revenue - 20);
  });

  it('gives the detail pane the order history through the e-mail filter', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/manual-orders?email=alice@exemple.fr',
      headers: staff,
    });
    expect(res.json<OrderDto[]>().map((o) => o.orderDate)).toEqual(['2025-03-10', '2025-02-10', '2025-01-10']);
  });
});
