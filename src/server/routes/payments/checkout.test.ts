import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { onlinePayments, invoices, orders } from '#server/db/schema.ts';
import { OPEN_SESSIONS_QUEUE } from '#server/services/payments/open-sessions.ts';
import { clientLogin, postOrder, staffLogin } from '#server/test/fixtures.ts';
import { startStripeStandIn } from '#server/test/stripe-stand-in.ts';
import { todayIso } from '#shared/format.ts';

const PASSWORD = 'Azur-Passerelle-2026';

describe('[CLIENT][PAY_ONLINE] « Payer en ligne » opens a Checkout session made by the server', () => {
  let t: TestApp;
  let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
  let staff: Record<string, string>;
  async function clientWithOrder(name: string, order: Record<string, unknown> = {}) {
    const { id } = await postOrder(t, staff, {
      clientName: `Client ${name}`,
      clientEmail: `${name}@exemple.fr`,
      username: name,
      password: PASSWORD,
      plan: 'standard',
      paymentStatus: 'pending',
      orderDate: todayIso(),
      ...order,
    });
    return { id, headers: await clientLogin(t, name, PASSWORD) };
  }
  const checkout = (id: number, headers: Record<string, string>, payload?: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/client/orders/${id}/checkout`,
      headers,
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    t = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_51CheckoutTests',
      STRIPE_WEBHOOK_SECRET: 'whsec_checkouttests0123',
      STRIPE_API_URL: standIn.url,
      PUBLIC_URL: 'https://support.exemple.fr',
    });
    staff = await staffLogin(t);
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  it("asks the provider for the order's catalogue price in euros, the order in its metadata, with an idempotency key", async () => {
    const { id, headers } = await clientWithOrder('carine');
    expect((await t.app.inject({ method: 'GET', url: '/api/client/payments', headers })).json()).toEqual({
      enabled: true,
    });
    // Whatever the page sends, the amount is the order's.
    const res = await checkout(id, { ...headers, 'content-type': 'application/json' }, { amount: 1, unit_amount: 1 });
    expect(res.statusCode, res.body).toBe(201);
    const sent = standIn.requests.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/v1/checkout/sessions');
    expect(sent.headers.authorization).toBe('Bearer sk_test_51CheckoutTests');
    expect(sent.headers['idempotency-key']).toBe(`rfs-order-${id}-checkout-1`);
    expect(Object.fromEntries(sent.form)).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '2500',
      'line_items[0][price_data][product_data][name]': 'Abonnement Standard – 3 mois',
      client_reference_id: String(id),
      'metadata[orderId]': String(id),
      'payment_intent_data[metadata][orderId]': String(id),
      customer_email: 'carine@exemple.fr',
      locale: 'fr',
      success_url: `https://support.exemple.fr/dashboard?paiement=retour&commande=${id}`,
      cancel_url: `https://support.exemple.fr/dashboard?paiement=annule&commande=${id}`,
    });
    const [session] = await t.db.select().from(onlinePayments).where(eq(onlinePayments.orderId, id));
    expect(res.json()).toEqual({ url: session!.url });
    expect(session).toMatchObject({ status: 'open', amountCents: 2500, currency: 'eur' });

    // Clicked again: the same open session, no second call to the provider.
    const calls = standIn.requests.length;
    expect((await checkout(id, headers)).json()).toEqual({ url: session!.url });
    expect(standIn.requests).toHaveLength(calls);
  });

  it("refuses another client's order (404), a paid one (409), and says so in French when the provider fails", async () => {
    const { id: theirs } = await clientWithOrder('autre');
    const { id: paid, headers } = await clientWithOrder('payeur', { paymentStatus: 'paid' });
    const calls = standIn.requests.length;
    expect((await checkout(theirs, headers)).statusCode).toBe(404);
    const settled = await checkout(paid, headers);
    expect(settled.statusCode).toBe(409);
    expect(settled.json()).toMatchObject({ code: 'NOT_PAYABLE' });
    expect(standIn.requests).toHaveLength(calls);

    const { id, headers: own } = await clientWithOrder('panne');
    standIn.failNextCreation(400);
    const failed = await checkout(id, own);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({
      code: 'PROVIDER_UNAVAILABLE',
      message: expect.stringMatching(/^Le paiement en ligne ne répond pas/),
    });
  });

  it('numbers a new attempt after a refused one, on an order paid for before attempts were recorded', async () => {
    const { id, headers } = await clientWithOrder('ancienne');
    // A session from before the provider's intents were recorded (migration 0036), expired since.
    await t.db.insert(onlinePayments).values({
      id: 'cs_test_avant_0036',
      orderId: id,
      status: 'expired',
      amountCents: 2500,
      currency: 'eur',
      url: 'https://checkout.stripe.com/c/pay/cs_test_avant_0036',
    });
    standIn.failNextCreation(400);
    expect((await checkout(id, headers)).statusCode).toBe(502);
    expect(standIn.requests.at(-1)!.headers['idempotency-key']).toBe(`rfs-order-${id}-checkout-2`);
    const again = await checkout(id, headers);
    expect(again.statusCode, again.body).toBe(201);
    expect(standIn.requests.at(-1)!.headers['idempotency-key']).toBe(`rfs-order-${id}-checkout-3`);
  });

  it('catches a lost webhook: a session open for over an hour is asked about, and paid or expired as the provider says', async () => {
    const { id: paidId, headers } = await clientWithOrder('perdu', { plan: 'basique' });
    const { url } = (await checkout(paidId, headers)).json<{ url: string }>();
    const { id: expiredId, headers: other } = await clientWithOrder('abandon');
    await checkout(expiredId, other);
    const { id: recentId, headers: third } = await clientWithOrder('recent');
    await checkout(recentId, third);
    const sessionOf = async (orderId: number) =>
      (await t.db.select().from(onlinePayments).where(eq(onlinePayments.orderId, orderId)))[0]!;
    const [paid, expired, recent] = [await sessionOf(paidId), await sessionOf(expiredId), await sessionOf(recentId)];
    expect(url).toBe(paid.url);
    standIn.markPaid(paid.id);
    Object.assign(standIn.sessions.get(expired.id)!, { status: 'expired' });
    standIn.markPaid(recent.id);
    const hoursAgo = new Date(Date.now() - 2 * 3600_000);
    for (const s of [paid, expired])
      await t.db.update(onlinePayments).set({ createdAt: hoursAgo }).where(eq(onlinePayments.id, s.id));

    await t.db.transaction((tx) => t.app.jobs.send(tx, OPEN_SESSIONS_QUEUE, {}));
    await t.drain();
    const [paidOrder] = await t.db.select().from(orders).where(eq(orders.id, paidId));
    expect(paidOrder).toMatchObject({ paymentStatus: 'paid', paymentMethod: 'carte_en_ligne' });
    expect(await t.db.select().from(invoices).where(eq(invoices.orderId, paidId))).toHaveLength(1);
    expect((await t.db.select().from(orders).where(eq(orders.id, expiredId)))[0]).toMatchObject({
      paymentStatus: 'pending',
      paymentIssue: expect.stringMatching(/expiré/),
    });
    // Made less than an hour ago: its webhook may still come; not asked yet.
    expect((await t.db.select().from(orders).where(eq(orders.id, recentId)))[0]).toMatchObject({
      paymentStatus: 'pending',
    });
    expect(
      standIn.requests
        .filter((r) => r.method === 'GET')
        .map((r) => r.path)
        .sort(),
    ).toEqual([`/v1/checkout/sessions/${expired.id}`, `/v1/checkout/sessions/${paid.id}`].sort());
  });

  it('skips a session the provider cannot answer about, logs it once, and goes on with the others', async () => {
    const { id: brokenId, headers } = await clientWithOrder('casse');
    await checkout(brokenId, headers);
    const { id: paidId, headers: other } = await clientWithOrder('suivant', { plan: 'basique' });
    await checkout(paidId, other);
    const sessionOf = async (orderId: number) =>
      (await t.db.select().from(onlinePayments).where(eq(onlinePayments.orderId, orderId)))[0]!;
    const [broken, paid] = [await sessionOf(brokenId), await sessionOf(paidId)];
    // The provider no longer knows the oldest one: asking about it fails (404).
    standIn.sessions.delete(broken.id);
    standIn.markPaid(paid.id);
    await t.db
      .update(onlinePayments)
      .set({ createdAt: new Date(Date.now() - 3 * 3600_000) })
      .where(eq(onlinePayments.id, broken.id));
    await t.db
      .update(onlinePayments)
      .set({ createdAt: new Date(Date.now() - 2 * 3600_000) })
      .where(eq(onlinePayments.id, paid.id));
    const warn = vi.spyOn(t.app.log, 'warn');
    try {
      for (let run = 0; run < 2; run++) {
        await t.db.transaction((tx) => t.app.jobs.send(tx, OPEN_SESSIONS_QUEUE, {}));
        await t.drain();
      }
      expect((await t.db.select().from(orders).where(eq(orders.id, paidId)))[0]).toMatchObject({
        paymentStatus: 'paid',
      });
      expect((await sessionOf(brokenId)).status).toBe('open');
      const aboutBroken = warn.mock.calls.filter(([obj]) => JSON.stringify(obj ?? {}).includes(broken.id));
      expect(aboutBroken).toHaveLength(1);
    } finally {
      warn.mockRestore();
    }
  });

  it('is not offered without the Stripe settings', async () => {
    const plain = await createTestApp();
    try {
      const staffHeaders = await staffLogin(plain);
      const { id } = await postOrder(plain, staffHeaders, {
        clientEmail: 'sans@exemple.fr',
        username: 'sansstripe',
        password: PASSWORD,
        paymentStatus: 'pending',
      });
      const headers = await clientLogin(plain, 'sansstripe', PASSWORD);
      expect((await plain.app.inject({ method: 'GET', url: '/api/client/payments', headers })).json()).toEqual({
        enabled: false,
      });
      expect(
        (await plain.app.inject({ method: 'POST', url: `/api/client/orders/${id}/checkout`, headers })).statusCode,
      ).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
