import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { auditLog, invoices, orders } from '#server/db/schema.ts';
import { postOrder, staffLogin } from '#server/test/fixtures.ts';
import { paidOnline } from './payment-fixtures.ts';
import { startStripeStandIn } from '#server/test/stripe-stand-in.ts';
import { todayIso } from '#shared/format.ts';
import type { OrderDto } from '#shared/orders/order-api.ts';
import type { OrderDocuments } from '#shared/billing/invoice-api.ts';

const STRIPE_ENV = { STRIPE_SECRET_KEY: 'sk_test_51RefundTests', STRIPE_WEBHOOK_SECRET: 'whsec_refundtestsecret0123' };

describe('[PAYMENTS][REFUND] a credit note on an order paid online refunds the card through the provider', () => {
  let t: TestApp;
  let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
  let staff: Record<string, string>;

  const paidOnlineOrder = (name: string) => paidOnline(t, staff, STRIPE_ENV, name, 'refund');
  const creditNote = (id: number, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/admin/manual-orders/${id}/credit-notes`, headers: staff, payload });
  const creditNotesOf = (id: number) =>
    t.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, id), eq(invoices.kind, 'credit_note')));
  const refundCalls = () => standIn.requests.filter((r) => r.path === '/v1/refunds');

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    t = await createTestApp({ ...STRIPE_ENV, STRIPE_API_URL: standIn.url });
    staff = await staffLogin(t);
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  it('refunds part of the payment: the provider gets the payment, the amount in cents and a key per credit note', async () => {
    const { id, paymentIntent } = await paidOnlineOrder('partiel');
    const res = await creditNote(id, { amount: '12,50', reason: 'Geste commercial', refund: true });
    expect(res.statusCode, res.body).toBe(201);
    const [note] = await creditNotesOf(id);
    const sent = refundCalls().at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.headers.authorization).toBe('Bearer sk_test_51RefundTests');
    expect(sent.headers['idempotency-key']).toBe(`rfs-invoice-${note!.invoiceId}-credit-note-1-refund-1250`);
    expect(sent.form.get('payment_intent')).toBe(paymentIntent);
    expect(sent.form.get('amount')).toBe('1250');
    expect(note).toMatchObject({
      totalTtc: '12.50',
      refundId: expect.stringMatching(/^re_test_standin_/),
      refundStatus: 'succeeded',
    });
    // Staff see the refund's reference on the order's credit note; the order stays paid (part of it refunded).
    const order = res.json<OrderDto & OrderDocuments>();
    expect(order.paymentStatus).toBe('paid');
    expect(order.documents.find((d) => d.kind === 'credit_note')?.refund).toEqual({
      id: note!.refundId,
      status: 'succeeded',
    });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(id)), eq(auditLog.action, 'credit_note.issue')));
    expect(audit.at(-1)?.after).toMatchObject({
      number: note!.number,
      amount: '12.50',
      refundId: note!.refundId,
      refundStatus: 'succeeded',
    });

    // The rest, refunded in full: a second key, the order « Remboursé ».
    const rest = await creditNote(id, { amount: '37.50', refund: true });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(refundCalls().at(-1)!.headers['idempotency-key']).toBe(
      `rfs-invoice-${note!.invoiceId}-credit-note-2-refund-3750`,
    );
    expect(refundCalls().at(-1)!.form.get('amount')).toBe('3750');
    expect(rest.json<OrderDto>().paymentStatus).toBe('refunded');
  });

  it('a credit note without `refund` asks nothing of the provider', async () => {
    const { id } = await paidOnlineOrder('sansremb');
    const before = refundCalls().length;
    const res = await creditNote(id, { amount: '50' });
    expect(res.statusCode, res.body).toBe(201);
    expect(refundCalls()).toHaveLength(before);
    expect((await creditNotesOf(id))[0]).toMatchObject({ refundId: null, refundStatus: null });
    expect(res.json<OrderDto>().paymentStatus).toBe('cancelled');
  });

  it('a refusal by the provider leaves no credit note and the order as it was (502, French)', async () => {
    const { id } = await paidOnlineOrder('refuse');
    for (const failure of [{ status: 400 }, { refundStatus: 'failed' }]) {
      standIn.failNextRefund(failure);
      const res = await creditNote(id, { amount: '50', refund: true });
      expect(res.statusCode, res.body).toBe(502);
      expect(res.json()).toMatchObject({
        code: 'PROVIDER_UNAVAILABLE',
        message: expect.stringMatching(/^Stripe n’a pas effectué le remboursement/),
      });
      expect(await creditNotesOf(id)).toHaveLength(0);
      expect((await t.db.select().from(orders).where(eq(orders.id, id)))[0]?.paymentStatus).toBe('paid');
    }
  });

  it('refuses `refund` on an order not paid online (400), and writes nothing', async () => {
    const { id } = await postOrder(t, staff, {
      clientName: 'Client Virement',
      clientEmail: 'virement@exemple.fr',
      plan: 'pro',
      paymentStatus: 'paid',
      paymentMethod: 'virement',
      orderDate: todayIso(),
    });
    const before = refundCalls().length;
    const res = await creditNote(id, { amount: '50', refund: true });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'NOT_REFUNDABLE',
      message: expect.stringMatching(/pas été payée par carte en ligne/),
    });
    expect(refundCalls()).toHaveLength(before);
    expect(await creditNotesOf(id)).toHaveLength(0);
  });
});

describe('[PAYMENTS][REFUND] online payment off', () => {
  it('refuses `refund` with 400, even on an order marked paid online', async () => {
    const t = await createTestApp();
    try {
      const staff = await staffLogin(t);
      const { id } = await postOrder(t, staff, {
        clientName: 'Client Ancien',
        clientEmail: 'ancien@exemple.fr',
        plan: 'pro',
        paymentStatus: 'paid',
        paymentMethod: 'carte',
        orderDate: todayIso(),
      });
      // Paid online back when the provider was configured.
      await t.db.update(orders).set({ paymentMethod: 'carte_en_ligne' }).where(eq(orders.id, id));
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/manual-orders/${id}/credit-notes`,
        headers: staff,
        payload: { amount: '50', refund: true },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'NOT_REFUNDABLE',
        message: expect.stringMatching(/^Le paiement en ligne n’est pas activé/),
      });
      expect(
        await t.db
          .select()
          .from(invoices)
          .where(and(eq(invoices.orderId, id), eq(invoices.kind, 'credit_note'))),
      ).toHaveLength(0);
    } finally {
      await t.close();
    }
  });
});
