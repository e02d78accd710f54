import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { MIGRATIONS_DIR } from '#server/db/client.ts';
import { orders, inboxItems } from '#server/db/schema.ts';
import type { SubscriptionDto } from '#shared/subscriptions/subscription-api.ts';
import { clientLogin, postOrder, staffTestApp } from '#server/test/fixtures.ts';
import { pdfText } from '#server/test/pdf-text.ts';
import {
  chainSubscriptions,
  currentSubscription,
  recomputeSubscriptions,
  subscriptionMoment,
} from './subscriptions.ts';

const order = (id: number, plan: 'basique' | 'standard' | 'pro' | 'famille', orderDate: string) => ({
  id,
  plan,
  orderDate,
});
/** Noon in Paris on that day. */
const at = (day: string) => new Date(`${day}T10:00:00Z`);

describe('chainSubscriptions: paid orders add up, no day lost (decision 006)', () => {
  it('a 1-month plan from 31 January runs to the last day of February (there is no 31 February)', () => {
    expect(chainSubscriptions([order(1, 'basique', '2025-01-31')])).toEqual([
      { id: 1, startsOn: '2025-01-31', endsOn: '2025-02-28' },
    ]);
    expect(chainSubscriptions([order(1, 'basique', '2024-01-31')])).toEqual([
      { id: 1, startsOn: '2024-01-31', endsOn: '2024-02-29' },
    ]);
  });

  it('two 12-month orders placed together make two years, the second starting the day after the first ends', () => {
    expect(chainSubscriptions([order(7, 'pro', '2025-03-15'), order(8, 'pro', '2025-03-15')])).toEqual([
      { id: 7, startsOn: '2025-03-15', endsOn: '2026-03-14' },
      { id: 8, startsOn: '2026-03-15', endsOn: '2027-03-14' },
    ]);
  });

  it('a renewal ordered early starts when the running one ends; one ordered after a gap starts on its own date', () => {
    expect(
      chainSubscriptions([
        order(3, 'standard', '2025-11-20'), // ordered early: 3 months after 31 January
        order(1, 'basique', '2025-01-01'),
        order(2, 'basique', '2025-01-25'),
        order(4, 'basique', '2026-06-01'), // after a gap
      ]),
    ).toEqual([
      { id: 1, startsOn: '2025-01-01', endsOn: '2025-01-31' },
      { id: 2, startsOn: '2025-02-01', endsOn: '2025-02-28' },
      { id: 3, startsOn: '2025-11-20', endsOn: '2026-02-19' },
      { id: 4, startsOn: '2026-06-01', endsOn: '2026-06-30' },
    ]);
  });

  it('orders of the same day chain by id, and a chain keeps walking month ends', () => {
    expect(
      chainSubscriptions([
        order(2, 'basique', '2025-01-31'),
        order(1, 'basique', '2025-01-31'),
        order(3, 'basique', '2025-01-31'),
      ]),
    ).toEqual([
      { id: 1, startsOn: '2025-01-31', endsOn: '2025-02-28' },
      { id: 2, startsOn: '2025-03-01', endsOn: '2025-03-31' },
      { id: 3, startsOn: '2025-04-01', endsOn: '2025-04-30' },
    ]);
  });
});

describe('subscriptionMoment: the Paris day and month a read counts with', () => {
  it('turns to the next day and month at midnight in Paris, winter and summer, even when asked twice an hour', () => {
    expect(subscriptionMoment(new Date('2025-03-31T21:00:00Z'))).toEqual({
      today: '2025-03-31',
      monthStart: '2025-02-28T23:00:00.000Z',
    });
    expect(subscriptionMoment(new Date('2025-03-31T21:59:59Z'))).toEqual({
      today: '2025-03-31',
      monthStart: '2025-02-28T23:00:00.000Z',
    });
    expect(subscriptionMoment(new Date('2025-03-31T22:00:00Z'))).toEqual({
      today: '2025-04-01',
      monthStart: '2025-03-31T22:00:00.000Z',
    });
    expect(subscriptionMoment(new Date('2025-12-31T22:59:59Z'))).toEqual({
      today: '2025-12-31',
      monthStart: '2025-11-30T23:00:00.000Z',
    });
    expect(subscriptionMoment(new Date('2025-12-31T23:00:00Z'))).toEqual({
      today: '2026-01-01',
      monthStart: '2025-12-31T23:00:00.000Z',
    });
  });
});

describe('[SUBSCRIPTIONS] stored periods, read everywhere', () => {
  const { t, staff } = staffTestApp();

  const periods = async (email: string) =>
    t.db
      .select({
        id: orders.id,
        status: orders.paymentStatus,
        startsOn: orders.startsOn,
        endsOn: orders.endsOn,
      })
      .from(orders)
      .where(eq(orders.emailKey, email.toLowerCase()))
      .orderBy(asc(orders.id));

  it('chains only paid orders (gifted ones included); failed and pending ones buy nothing until paid', async () => {
    const email = 'Chaine@Exemple.fr';
    const ids: number[] = [];
    for (const o of [
      { plan: 'basique', orderDate: '2025-01-31', paymentStatus: 'paid' },
      { plan: 'pro', orderDate: '2025-02-01', paymentStatus: 'failed' },
      { plan: 'standard', orderDate: '2025-02-10', paymentStatus: 'paid', paymentMethod: 'offert' },
      { plan: 'pro', orderDate: '2025-02-11', paymentStatus: 'pending' },
    ] as const) {
      // No account: the orders chain by e-mail, whatever its case.
      ids.push((await postOrder(t, staff, { clientEmail: ids.length % 2 ? email.toLowerCase() : email, ...o })).id);
    }
    expect(await periods(email)).toEqual([
      { id: ids[0], status: 'paid', startsOn: '2025-01-31', endsOn: '2025-02-28' },
      { id: ids[1], status: 'failed', startsOn: null, endsOn: null },
      { id: ids[2], status: 'paid', startsOn: '2025-03-01', endsOn: '2025-05-31' },
      { id: ids[3], status: 'pending', startsOn: null, endsOn: null },
    ]);

    // Paid later: it joins the chain after the gifted one. Cancelled (by a credit note): the chain closes up again.
    const patch = (id: number, paymentStatus: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/manual-orders/${id}`,
        headers: staff,
        payload: { paymentStatus },
      });
    expect((await patch(ids[3]!, 'paid')).statusCode).toBe(200);
    expect((await periods(email))[3]).toMatchObject({ startsOn: '2025-06-01', endsOn: '2026-05-31' });
    expect((await patch(ids[2]!, 'cancelled')).statusCode).toBe(200);
    expect((await periods(email)).map((p) => [p.startsOn, p.endsOn])).toEqual([
      ['2025-01-31', '2025-02-28'],
      [null, null],
      [null, null],
      ['2025-03-01', '2026-02-28'],
    ]);

    const list = await t.app.inject({ method: 'GET', url: '/api/admin/subscriptions', headers: staff });
    expect(list.json<SubscriptionDto[]>().map((s) => [s.orderId, s.startDate, s.endDate])).toEqual([
      [ids[3], '2025-03-01', '2026-02-28'],
      [ids[0], '2025-01-31', '2025-02-28'],
    ]);
  });

  it('validating a registration gives the new account the orders its e-mail placed before, chained with its own', async () => {
    const first = await postOrder(t, staff, {
      clientName: 'Nadia Ferrand',
      clientEmail: 'NADIA@exemple.fr',
      plan: 'pro',
      orderDate: '2025-05-02',
    });
    const other = await postOrder(t, staff, {
      clientName: 'Autre',
      clientEmail: 'autre.nadia@exemple.fr',
      plan: 'pro',
      orderDate: '2025-05-02',
    });
    const [registration] = await t.db
      .insert(inboxItems)
      .values({
        kind: 'registration',
        name: 'Nadia Ferrand',
        email: 'nadia@exemple.fr',
        firstName: 'Nadia',
        lastName: 'Ferrand',
        phone: '0611223344',
      })
      .returning();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/contacts/${registration!.id}/validate`,
      headers: staff,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { clientId, credentials } = res.json<{
      clientId: number;
      credentials: { username: string; password: string };
    }>();
    const owners = await t.db
      .select({ id: orders.id, clientId: orders.clientId })
      .from(orders)
      .where(sql`${orders.id} in (${first.id}, ${other.id})`)
      .orderBy(asc(orders.id));
    expect(owners).toEqual([
      { id: first.id, clientId },
      { id: other.id, clientId: null },
    ]);

    // A later order of the account chains after the attached one; the client sees it as theirs.
    await postOrder(t, staff, {
      clientName: 'Nadia Ferrand',
      clientEmail: 'nadia@exemple.fr',
      plan: 'basique',
      orderDate: '2025-06-01',
    });
    const headers = await clientLogin(t, credentials.username, credentials.password);
    const mine = await currentSubscription(t.db, clientId, at('2025-06-01'));
    expect(mine).toMatchObject({
      planId: 'pro',
      startsOn: '2025-05-02',
      endsOn: '2026-05-01',
      next: { planId: 'basique', startsOn: '2026-05-02', endsOn: '2026-06-01' },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/client/session', headers })).statusCode).toBe(200);
  });

  it("prints on a renewal's invoice the period it buys, after the running one", async () => {
    await postOrder(t, staff, { clientEmail: 'facture@exemple.fr', plan: 'pro', orderDate: '2025-03-15' });
    const renewal = await postOrder(t, staff, {
      clientEmail: 'facture@exemple.fr',
      plan: 'standard',
      orderDate: '2026-01-10',
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/manual-orders/${renewal.id}/receipt`,
      headers: staff,
    });
    expect(res.statusCode).toBe(200);
    expect(await pdfText(res.rawPayload)).toContain('3 mois, du 15/03/2026 au 14/06/2026');
  });

  it("the migration's backfill computes the same periods as chainSubscriptions", async () => {
    const email = 'backfill@exemple.fr';
    for (const [plan, orderDate, paymentStatus] of [
      ['basique', '2024-01-31', 'paid'],
      ['famille', '2024-02-01', 'paid'],
      ['pro', '2024-02-29', 'failed'],
      ['standard', '2025-08-31', 'paid'],
      ['etendue', '2030-01-01', 'paid'],
      ['basique', '2030-01-01', 'paid'],
    ] as const) {
      await postOrder(t, staff, { clientEmail: email, plan, orderDate, paymentStatus });
    }
    await postOrder(t, staff, {
      clientEmail: 'compte.backfill@exemple.fr',
      username: 'backfill',
      password: 'Azur-Passerelle-2026',
      plan: 'pro',
      orderDate: '2024-12-31',
    });
    await postOrder(t, staff, { clientEmail: 'compte.backfill@exemple.fr', plan: 'duo', orderDate: '2025-01-01' });
    const expected = await t.db
      .select({ id: orders.id, startsOn: orders.startsOn, endsOn: orders.endsOn })
      .from(orders)
      .orderBy(asc(orders.id));

    const migration = await readFile(path.join(MIGRATIONS_DIR, '0002_chained_subscriptions.sql'), 'utf8');
    // Written when orders were « manual_orders » (renamed by migration 0020).
    const backfill = migration
      .split('--> statement-breakpoint')
      .find((s) => s.includes('WITH RECURSIVE'))!
      .replaceAll('manual_orders', 'orders');
    await t.db.update(orders).set({ startsOn: null, endsOn: null });
    await t.db.execute(sql.raw(backfill));
    const computed = await t.db
      .select({ id: orders.id, startsOn: orders.startsOn, endsOn: orders.endsOn })
      .from(orders)
      .orderBy(asc(orders.id));
    expect(computed).toEqual(expected);
    expect(expected.filter((p) => p.startsOn).length).toBeGreaterThan(8);
  });

  it('recomputing changes nothing when nothing changed', async () => {
    const before = await t.db.select().from(orders).orderBy(asc(orders.id));
    await t.db.transaction(async (tx) => {
      for (const row of before) {
        await recomputeSubscriptions(
          tx,
          row.clientId !== null ? { clientId: row.clientId } : { clientId: null, email: row.clientEmail },
        );
      }
    });
    expect(await t.db.select().from(orders).orderBy(asc(orders.id))).toEqual(before);
  });
});
