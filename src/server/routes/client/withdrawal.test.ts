import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { clientLogin, postOrder, staffTestApp } from '#server/test/fixtures.ts';
import { orders, outbox } from '#server/db/schema.ts';
import { withdrawFromOrder } from '#server/services/orders/withdrawal.ts';
import { withdrawalRefundCents } from '#shared/orders/withdrawal-form.ts';
import type { ClientOrder } from '#shared/orders/order-api.ts';
import { todayIso } from '#shared/format.ts';

const DAY = 86_400_000;
/** The calendar day `days` after today, both in Paris, where orders and their deadlines are dated. */
const parisDayIn = (days: number) =>
  new Date(Date.parse(`${todayIso()}T12:00:00Z`) + days * DAY).toISOString().slice(0, 10);

// « Me rétracter » (L221-18 to L221-25, docs/decisions/041): within 14 days of the payment, all back without an
// express request, pro rata with one; acknowledged by e-mail; staff see it on the order.
describe('[CLIENT][WITHDRAWAL] « Me rétracter »', () => {
  const { t, staff } = staffTestApp();

  async function paidClient(username: string) {
    const created = await postOrder(t, staff, {
      clientName: 'Rémi Retrait',
      clientEmail: `${username}@exemple.fr`,
      username,
      password: 'Rivière-Calme-2026',
      plan: 'pro',
      orderDate: todayIso(),
    });
    return { orderId: created.order.id, headers: await clientLogin(t, username, 'Rivière-Calme-2026') };
  }
  const withdraw = (id: number, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/api/client/orders/${id}/withdrawal`, headers });

  it('gives everything back without an express request, acknowledges by e-mail, once', async () => {
    const { orderId, headers } = await paidClient('rretrait');
    const listed = await t.app.inject({ method: 'GET', url: '/api/client/orders', headers });
    const order = listed.json<ClientOrder[]>().find((o) => o.id === orderId)!;
    expect(order.withdrawableUntil).toBe(parisDayIn(14));

    const res = await withdraw(orderId, headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ refund: '50.00' });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ withdrawalRefund: '50.00' });
    expect(row!.withdrawnAt).toBeInstanceOf(Date);
    const mails = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.key, `withdrawal:${orderId}`));
    expect(mails.map((m) => m.kind)).toEqual(['withdrawal_received']);

    const again = await withdraw(orderId, headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/déjà enregistrée/);
    // Staff read it on the order.
    const staffView = await t.app.inject({ method: 'GET', url: `/api/admin/manual-orders?q=rretrait`, headers: staff });
    expect(staffView.json()[0]).toMatchObject({ withdrawal: { refund: '50.00' } });
  });

  it('refuses after the 14th day, and someone else’s order as unknown', async () => {
    const { orderId, headers } = await paidClient('rtardif');
    const late = new Date(Date.now() + 15 * DAY);
    await expect(withdrawFromOrder(t.db, t.app.mail, (await ownerOf(orderId))!, orderId, late)).rejects.toMatchObject({
      code: 'WITHDRAWAL_CLOSED',
    });
    const lastDay = new Date(Date.now() + 14 * DAY);
    const other = await paidClient('rautre');
    expect((await withdraw(orderId, other.headers)).statusCode).toBe(404);
    await expect(
      withdrawFromOrder(t.db, t.app.mail, (await ownerOf(orderId))!, orderId, lastDay),
    ).resolves.toMatchObject({ refund: '50.00' });
    expect((await withdraw(orderId, headers)).statusCode).toBe(409);
  });

  const ownerOf = async (orderId: number) =>
    (await t.db.select({ clientId: orders.clientId }).from(orders).where(eq(orders.id, orderId)))[0]?.clientId;
});

describe('[ORDERS][WITHDRAWAL] the amount given back (L221-25)', () => {
  const year = { priceCents: 5000, startsOn: '2026-01-01', endsOn: '2026-12-31' };
  it('is the whole price without an express request, whatever was used', () => {
    expect(withdrawalRefundCents({ ...year, expressRequest: false, withdrawnOn: '2026-01-10' })).toBe(5000);
  });
  it('with one, is the price less the days already past, counted for the client', () => {
    expect(withdrawalRefundCents({ ...year, expressRequest: true, withdrawnOn: '2026-01-01' })).toBe(5000);
    // 9 days of 365 used: 123.28 cents owed, 123 kept.
    expect(withdrawalRefundCents({ ...year, expressRequest: true, withdrawnOn: '2026-01-10' })).toBe(5000 - 123);
    // a period booked after the running one has not started: nothing owed
    expect(withdrawalRefundCents({ ...year, expressRequest: true, withdrawnOn: '2025-12-20' })).toBe(5000);
  });
});
