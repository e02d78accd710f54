import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp } from '#server/test/harness.ts';
import { auditLog, onlinePayments, invoices, orders, outbox, paymentEvents } from '#server/db/schema.ts';
import { staffTestApp } from '#server/test/fixtures.ts';
import { deliverEvent, pendingProOrder, sessionEvent } from './payment-fixtures.ts';
import { todayIso } from '#shared/format.ts';
import type { OrderDto } from '#shared/orders/order-api.ts';

const STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_51WebhookTests',
  STRIPE_WEBHOOK_SECRET: 'whsec_webhooktestsecret0123',
};

describe('[PAYMENTS][WEBHOOK] the provider confirms an online payment', () => {
  const { t, staff } = staffTestApp(STRIPE_ENV);
  const pendingOrder = (name: string) => pendingProOrder(t, staff, name);
  const deliver = (event: object, options?: { secret?: string; timestamp?: number }) =>
    deliverEvent(t, STRIPE_ENV, event, options);

  const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const staffOrder = async (id: number) =>
    (await t.app.inject({ method: 'GET', url: `/api/admin/manual-orders?q=${id}`, headers: staff })).json<OrderDto[]>();
  const invoicesOf = (id: number) => t.db.select().from(invoices).where(eq(invoices.orderId, id));

  it("makes a paid session's order paid « Carte (en ligne) »: invoice issued and e-mailed, period set, audited", async () => {
    const id = await pendingOrder('paye');
    const event = sessionEvent('checkout.session.completed', id);
    const res = await deliver(event);
    expect(res.statusCode, res.body).toBe(200);
    const order = await orderRow(id);
    expect(order).toMatchObject({
      paymentStatus: 'paid',
      paymentMethod: 'carte_en_ligne',
      startsOn: todayIso(),
      paymentIssue: null,
    });
    expect(order.endsOn).not.toBeNull();
    expect(await invoicesOf(id)).toHaveLength(1);
    const [session] = await t.db.select().from(onlinePayments).where(eq(onlinePayments.id, event.data.object.id));
    expect(session).toMatchObject({
      orderId: id,
      status: 'paid',
      paymentIntent: event.data.object.payment_intent,
      amountCents: 5000,
    });
    expect(
      await t.db.select({ kind: outbox.kind }).from(outbox).where(eq(outbox.recipient, 'paye@exemple.fr')),
    ).toContainEqual({ kind: 'invoice' });
    await t.drain();
    expect(
      t.mailer.sent.some((m) => m.to === 'paye@exemple.fr' && m.attachments?.some((a) => a.filename.endsWith('.pdf'))),
    ).toBe(true);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(audit.map((a) => [a.action, a.staffUsername])).toContainEqual(['order.update', 'stripe']);
    // Staff see how it was paid, the provider's reference and its page in the provider's dashboard.
    const [listed] = await staffOrder(id);
    expect(listed).toMatchObject({
      paymentMethod: 'carte_en_ligne',
      paymentIssue: null,
      onlinePayment: {
        sessionId: event.data.object.id,
        paymentIntent: event.data.object.payment_intent,
        status: 'paid',
        dashboardUrl: `https://dashboard.stripe.com/test/payments/${event.data.object.payment_intent}`,
      },
    });
  });

  it('answers the same event again with 200 and changes nothing', async () => {
    const id = await pendingOrder('double');
    const event = sessionEvent('checkout.session.completed', id);
    expect((await deliver(event)).statusCode).toBe(200);
    const before = await orderRow(id);
    const again = await deliver(event);
    expect(again.statusCode).toBe(200);
    expect(await orderRow(id)).toEqual(before);
    expect(await invoicesOf(id)).toHaveLength(1);
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.id, event.id))).toHaveLength(1);
  });

  it("leaves an order pending and flags it for staff when the amount or the currency is not the order's", async () => {
    const id = await pendingOrder('montant');
    expect((await deliver(sessionEvent('checkout.session.completed', id, { amount_total: 1000 }))).statusCode).toBe(
      200,
    );
    const order = await orderRow(id);
    expect(order).toMatchObject({ paymentStatus: 'pending', paymentMethod: 'carte' });
    expect(order.paymentIssue).toMatch(/^Paiement en ligne de 10,00\s€ pour une commande de 50,00\s€/);
    expect((await staffOrder(id))[0]).toMatchObject({
      paymentIssue: order.paymentIssue,
      onlinePayment: { status: 'mismatch' },
    });
    expect(await invoicesOf(id)).toHaveLength(0);

    const other = await pendingOrder('devise');
    expect((await deliver(sessionEvent('checkout.session.completed', other, { currency: 'usd' }))).statusCode).toBe(
      200,
    );
    expect(await orderRow(other)).toMatchObject({
      paymentStatus: 'pending',
      paymentIssue: expect.stringContaining('(USD)'),
    });
  });

  it('refuses a bad, missing or old signature with 400 and changes nothing', async () => {
    const id = await pendingOrder('signature');
    const forged = await deliver(sessionEvent('checkout.session.completed', id), {
      secret: 'whsec_someoneelse0123456',
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 'BAD_SIGNATURE' });
    const old = await deliver(sessionEvent('checkout.session.completed', id), {
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    expect(old.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      payload: sessionEvent('checkout.session.completed', id),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await orderRow(id)).toMatchObject({ paymentStatus: 'pending', paymentIssue: null });
  });

  it("keeps an expired or refused session's order pending, with the reason for staff", async () => {
    const id = await pendingOrder('expire');
    expect(
      (
        await deliver(
          sessionEvent('checkout.session.expired', id, {
            status: 'expired',
            payment_status: 'unpaid',
            payment_intent: null,
          }),
        )
      ).statusCode,
    ).toBe(200);
    expect(await orderRow(id)).toMatchObject({
      paymentStatus: 'pending',
      paymentIssue: expect.stringMatching(/expiré/),
    });

    const refused = await pendingOrder('refuse');
    expect(
      (await deliver(sessionEvent('checkout.session.async_payment_failed', refused, { payment_status: 'unpaid' })))
        .statusCode,
    ).toBe(200);
    expect(await orderRow(refused)).toMatchObject({
      paymentStatus: 'pending',
      paymentIssue: expect.stringMatching(/refusé/),
    });

    // Paid later through another session: the order is paid and the reason no longer shown.
    expect((await deliver(sessionEvent('checkout.session.completed', id))).statusCode).toBe(200);
    expect(await orderRow(id)).toMatchObject({ paymentStatus: 'paid', paymentIssue: null });
  });
});

describe('[PAYMENTS][WEBHOOK] without the Stripe settings', () => {
  it('has no webhook: the product works as before', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', payload: {} });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
