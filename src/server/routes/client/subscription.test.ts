import { beforeAll, describe, expect, it } from 'vitest';
import { CGV_REQUIRED } from '#shared/orders/order-consent.ts';
import { CURRENT_CGV } from '#shared/orders/cgv-versions.ts';
import { eq } from 'drizzle-orm';
import { auditLog, clients, orders } from '#server/db/schema.ts';
import { todayIso } from '#shared/format.ts';
import type { OrderDto } from '#shared/orders/order-api.ts';
import type { SubscriptionDto } from '#shared/subscriptions/subscription-api.ts';
import { clientOrderSchema, type ClientOrder } from '#shared/orders/order-api.ts';
import { currentSubscriptionSchema, type CurrentSubscription } from '#shared/subscriptions/subscription-api.ts';
import { SUBSCRIBE_UNAUTHORIZED } from '#shared/orders/pending-order-api.ts';
import { addDays, daysBetween, periodEndsOn } from '#server/services/calendar/paris-calendar.ts';
import { currentSubscription } from '#server/services/subscriptions/subscriptions.ts';
import { clientLogin, postOrder, staffTestApp } from '#server/test/fixtures.ts';

const today = () => todayIso();
const daysAgo = (n: number) => addDays(today(), -n);

describe('[CLIENT][SUBSCRIPTION] the running subscription, with its dates', () => {
  const { t, staff } = staffTestApp();
  async function signedIn(username: string, orders: Array<Record<string, unknown>>) {
    for (const [i, order] of orders.entries()) {
      await postOrder(t, staff, {
        clientName: `Client ${username}`,
        clientEmail: `${username}@exemple.fr`,
        // Credentials with the first order only; later ones find the account by e-mail.
        ...(i === 0 ? { username, password: 'Azur-Passerelle-2026' } : {}),
        ...order,
      });
    }
    return clientLogin(t, username, 'Azur-Passerelle-2026');
  }
  const current = async (headers: Record<string, string>) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/subscriptions/current', headers });
    expect(res.statusCode).toBe(200);
    return res.json<CurrentSubscription | null>();
  };

  it("answers the plan, first and last day, days left and this month's allowance, in the contract's shape", async () => {
    const headers = await signedIn('claire', [{ plan: 'standard', orderDate: daysAgo(10), paymentMethod: 'virement' }]);
    await t.app.inject({ method: 'POST', url: '/api/interventions', headers });
    const body = await current(headers);
    const endsOn = periodEndsOn(daysAgo(10), 3);
    expect(body).toEqual({
      plan: 'Standard',
      planId: 'standard',
      price: 25,
      durationMonths: 3,
      startsOn: daysAgo(10),
      endsOn,
      daysLeft: daysBetween(today(), endsOn) + 1,
      interventionsUsed: 1,
      interventionsPerMonth: 10,
      maxDevices: 1,
      next: null,
    });
    expect(currentSubscriptionSchema.parse(body)).toEqual(body);
    // Read with the session in one statement, it says what the quota check reads in its transaction.
    const [row] = await t.db.select({ id: clients.id }).from(clients).where(eq(clients.username, 'claire'));
    expect(await currentSubscription(t.db, row!.id)).toEqual(body);
  });

  it('books a renewal ordered early after the running subscription: shown as next, no day lost', async () => {
    const headers = await signedIn('fidele', [
      { plan: 'pro', orderDate: daysAgo(300) },
      { plan: 'famille', orderDate: daysAgo(2) },
    ]);
    const first = periodEndsOn(daysAgo(300), 12);
    const body = await current(headers);
    expect(body).toMatchObject({
      planId: 'pro',
      startsOn: daysAgo(300),
      endsOn: first,
      next: {
        planId: 'famille',
        plan: 'Famille',
        startsOn: addDays(first, 1),
        endsOn: periodEndsOn(addDays(first, 1), 12),
      },
    });
    // The back-office shows the same dates.
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/subscriptions', headers: staff });
    const rows = list.json<SubscriptionDto[]>().filter((s) => s.clientEmail === 'fidele@exemple.fr');
    expect(rows.map((s) => [s.plan, s.startDate, s.endDate, s.active])).toEqual([
      ['famille', addDays(first, 1), periodEndsOn(addDays(first, 1), 12), false],
      ['pro', daysAgo(300), first, true],
    ]);
    // The client session names the plan running today, not the one booked.
    const session = await t.app.inject({ method: 'GET', url: '/api/client/session', headers });
    expect(session.json()).toMatchObject({ plan: 'Pro' });
  });

  it('counts a gifted order as a subscription', async () => {
    const headers = await signedIn('cadeau', [{ plan: 'etendue', orderDate: daysAgo(1), paymentMethod: 'offert' }]);
    expect(await current(headers)).toMatchObject({
      planId: 'etendue',
      startsOn: daysAgo(1),
      interventionsPerMonth: null,
    });
  });

  it('answers JSON null without a running paid subscription', async () => {
    for (const [username, order] of [
      ['expire', { plan: 'basique', orderDate: '2020-01-01' }],
      ['attente', { plan: 'pro', orderDate: today(), paymentStatus: 'pending' }],
      ['echec', { plan: 'pro', orderDate: today(), paymentStatus: 'failed' }],
    ] as const) {
      const headers = await signedIn(username, [order]);
      const res = await t.app.inject({ method: 'GET', url: '/api/subscriptions/current', headers });
      expect(res.statusCode, username).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toBe('null');
    }
  });
});

describe('[CLIENT][SUBSCRIPTION] a client asks for a plan (POST /api/subscriptions)', () => {
  const { t, staff } = staffTestApp();
  let headers: Record<string, string>;
  let clientId: number;
  beforeAll(async () => {
    const created = await postOrder(t, staff, {
      clientName: 'Lucie Fabre',
      clientEmail: 'lucie@exemple.fr',
      clientPhone: '06 11 22 33 44',
      username: 'lfabre',
      password: 'Azur-Passerelle-2026',
      plan: 'basique',
      orderDate: daysAgo(20),
    });
    clientId = created.order.clientId!;
    headers = await clientLogin(t, 'lfabre', 'Azur-Passerelle-2026');
  });

  // The CGV box ticked unless a test says otherwise (docs/decisions/041).
  const ask = (payload: object, h = headers) =>
    t.app.inject({ method: 'POST', url: '/api/subscriptions', headers: h, payload: { acceptCgv: true, ...payload } });
  const ordersOfClient = () => t.db.select().from(orders).where(eq(orders.clientId, clientId));

  it("answers 401 with SPEC's own sentence without a session, and records nothing", async () => {
    const res = await ask({ planId: 'pro' }, {});
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(SUBSCRIBE_UNAUTHORIZED);
    expect(await ordersOfClient()).toHaveLength(1);
  });

  it('refuses a missing or unknown plan with « Veuillez sélectionner un plan »', async () => {
    for (const payload of [{}, { planId: 'platine' }, { planId: 3 }]) {
      const res = await ask(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe('Veuillez sélectionner un plan');
      expect(res.json().fieldErrors.planId).toEqual(['Veuillez sélectionner un plan']);
    }
    expect(await ordersOfClient()).toHaveLength(1);
  });

  it('records a pending order at the catalogue price, created by the client, whatever price the body says', async () => {
    const res = await ask({ planId: 'pro', price: 1, duration: 99, interventionsPerMonth: 1000, maxDevices: 9 });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<ClientOrder>();
    expect(clientOrderSchema.parse(order)).toEqual(order);
    expect(order).toEqual({
      id: expect.any(Number),
      planId: 'pro',
      plan: 'Pro',
      price: '50.00',
      paymentStatus: 'pending',
      orderDate: today(),
      startsOn: null,
      endsOn: null,
      invoiceNumber: null,
      documents: [],
      paymentRefused: false,
      // not paid yet: nothing to withdraw from
      withdrawableUntil: null,
      withdrawal: null,
    });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({
      clientId,
      clientName: 'Lucie Fabre',
      clientEmail: 'lucie@exemple.fr',
      clientPhone: '06 11 22 33 44',
      plan: 'pro',
      paymentStatus: 'pending',
      price: '50.00',
      createdBy: 'client',
      startsOn: null,
      endsOn: null,
      cgvVersion: CURRENT_CGV.version,
      expressRequestAt: null,
    });
    expect(row!.cgvAcceptedAt).toBeInstanceOf(Date);
    expect(row!.verificationKey).toMatch(/^RFS-[A-HJ-NP-Z2-9]{6}-\d{4}$/);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(order.id)));
    expect(audit).toMatchObject({ action: 'order.create', staffId: null, staffUsername: 'client' });
  });

  it('refuses an order whose CGV box is not ticked, with the box’s sentence, and records nothing', async () => {
    const before = (await ordersOfClient()).length;
    for (const acceptCgv of [false, undefined, 'oui']) {
      const res = await ask({ planId: 'duo', acceptCgv, expressStart: true });
      expect(res.statusCode, String(acceptCgv)).toBe(400);
      expect(res.json().fieldErrors.acceptCgv).toEqual([CGV_REQUIRED]);
    }
    expect(await ordersOfClient()).toHaveLength(before);
  });

  it('makes one order of a double-click, and refuses a second pending order while one waits (409)', async () => {
    const both = await Promise.all([ask({ planId: 'duo' }), ask({ planId: 'duo' })]);
    expect(both.map((r) => r.statusCode)).toEqual([409, 409]);
    expect(both[0]!.json().message).toMatch(
      /^Votre demande de formule Pro du \d{2}\/\d{2}\/\d{4} attend déjà son paiement/,
    );
    expect((await ordersOfClient()).filter((o) => o.paymentStatus === 'pending')).toHaveLength(1);
  });

  it('appears to staff as a pending order; once paid it chains after the running subscription', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/manual-orders?status=pending', headers: staff });
    const [pending] = list.json<OrderDto[]>();
    expect(pending).toMatchObject({
      clientEmail: 'lucie@exemple.fr',
      plan: 'pro',
      createdBy: 'client',
      paymentStatus: 'pending',
    });

    const paid = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/manual-orders/${pending!.id}`,
      headers: staff,
      payload: { paymentStatus: 'paid' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const running = periodEndsOn(daysAgo(20), 1);
    const res = await t.app.inject({ method: 'GET', url: '/api/subscriptions/current', headers });
    expect(res.json()).toMatchObject({
      planId: 'basique',
      endsOn: running,
      next: { planId: 'pro', startsOn: addDays(running, 1), endsOn: periodEndsOn(addDays(running, 1), 12) },
    });

    // Nothing waits any more: the client may ask again, and two tabs at once still make one order.
    const again = await Promise.all([ask({ planId: 'famille' }), ask({ planId: 'famille' })]);
    expect(again.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await ordersOfClient()).filter((o) => o.paymentStatus === 'pending')).toHaveLength(1);
  });

  it('stores the express request to start within the withdrawal period with its date, only when ticked', async () => {
    const [waiting] = (await ordersOfClient()).filter((o) => o.paymentStatus === 'pending');
    const failed = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/manual-orders/${waiting!.id}`,
      headers: staff,
      payload: { paymentStatus: 'failed' },
    });
    expect(failed.statusCode, failed.body).toBe(200);
    expect(waiting!.expressRequestAt).toBeNull();
    const res = await ask({ planId: 'standard', expressStart: true });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, res.json<ClientOrder>().id));
    expect(row!.expressRequestAt).toBeInstanceOf(Date);
    expect(row!.expressRequestAt!.getTime()).toBe(row!.cgvAcceptedAt!.getTime());
  });

  it('refuses, with a 409 naming the waiting one, to set an old request back to pending while a newer one waits', async () => {
    const mine = await ordersOfClient();
    const failed = mine.find((o) => o.paymentStatus === 'failed')!;
    const waiting = mine.find((o) => o.paymentStatus === 'pending')!;
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/manual-orders/${failed.id}`,
      headers: staff,
      payload: { paymentStatus: 'pending' },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'ORDER_PENDING',
      message:
        `Ce client attend déjà une autre formule demandée depuis son espace (commande n° ${waiting.id}) : ` +
        'traitez ou annulez-la avant de remettre celle-ci en attente.',
    });
    const [after] = await t.db.select().from(orders).where(eq(orders.id, failed.id));
    expect(after).toEqual(failed);
  });
});
