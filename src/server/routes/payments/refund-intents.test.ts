import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { invoices, providerIntents } from '#server/db/schema.ts';
import { postOrder, staffLogin } from '#server/test/fixtures.ts';
import { paidOnline } from './payment-fixtures.ts';
import { startStripeStandIn } from '#server/test/stripe-stand-in.ts';
import { assertNoOpenTransaction, CallInTransactionError } from '#server/db/open-transaction.ts';
import { paymentProvider } from '#server/services/payments/provider.ts';
import { OPEN_SESSIONS_QUEUE } from '#server/services/payments/open-sessions.ts';

const STRIPE_ENV = { STRIPE_SECRET_KEY: 'sk_test_51IntentTests', STRIPE_WEBHOOK_SECRET: 'whsec_intenttestsecret0123' };

// docs/decisions/040: no call to another service while a database transaction is open; a refund recorded before it
// is asked, so that neither a slow provider nor a crash costs anything.
describe('[PAYMENTS][INTENTS] the provider is called with no transaction open, from a recorded intent', () => {
  let t: TestApp;
  let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
  let staff: Record<string, string>;

  const paidOnlineOrder = async (name: string) => (await paidOnline(t, staff, STRIPE_ENV, name, 'intent')).id;
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

  it('refuses a call to the provider (or SMTP) made inside a transaction', async () => {
    expect(() => assertNoOpenTransaction('SMTP')).not.toThrow();
    await expect(t.db.transaction(async () => assertNoOpenTransaction('SMTP'))).rejects.toThrow(CallInTransactionError);
    const provider = (await paymentProvider(t.config))!;
    const calls = standIn.requests.length;
    await expect(
      t.db.transaction(async () => provider.stripe.checkout.sessions.retrieve('cs_test_inside')),
    ).rejects.toMatchObject({ detail: expect.any(CallInTransactionError) });
    expect(standIn.requests).toHaveLength(calls);
    // After the commit, the same call goes out.
    await expect(provider.stripe.checkout.sessions.retrieve('cs_test_inside')).rejects.toThrow(/No such session/);
    expect(standIn.requests).toHaveLength(calls + 1);
  });

  it('a slow refund holds no transaction: other changes go through while the provider thinks', async () => {
    const id = await paidOnlineOrder('lent');
    const release = standIn.holdNextRefund();
    const asked = refundCalls().length;
    const pending = creditNote(id, { amount: '10', reason: 'Geste', refund: true });
    await expect.poll(() => refundCalls().length).toBe(asked + 1);
    // Meanwhile staff create an order (a transaction of its own): on PGlite it would wait behind an open one.
    const other = await postOrder(t, staff, { clientName: 'Client Pressé', clientEmail: 'presse@exemple.fr' });
    expect(other.id).toBeGreaterThan(0);
    expect(await creditNotesOf(id)).toHaveLength(0);
    release();
    const res = await pending;
    expect(res.statusCode, res.body).toBe(201);
    expect(await creditNotesOf(id)).toHaveLength(1);
    const [intent] = await t.db.select().from(providerIntents).where(eq(providerIntents.orderId, id));
    expect(intent).toMatchObject({ kind: 'refund', status: 'done' });
  });

  it('a refund whose answer was lost is completed by the quarter-hourly job with the same key: one refund, one credit note', async () => {
    const id = await paidOnlineOrder('perdu');
    standIn.loseRefundAnswers(3);
    const made = standIn.refunds.size;
    const lost = await creditNote(id, { amount: '50', reason: 'Résiliation', refund: true });
    expect(lost.statusCode, lost.body).toBe(502);
    expect(lost.json().message).toMatch(/^Stripe n’a pas répondu/);
    expect(standIn.refunds.size).toBe(made + 1);
    expect(await creditNotesOf(id)).toHaveLength(0);
    // While it is under way, no other credit note takes the remainder.
    const other = await creditNote(id, { amount: '20' });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'REFUND_PENDING' });

    const [intent] = await t.db.select().from(providerIntents).where(eq(providerIntents.orderId, id));
    expect(intent).toMatchObject({ kind: 'refund', status: 'asked' });
    await t.db
      .update(providerIntents)
      .set({ updatedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(providerIntents.id, intent!.id));
    await t.db.transaction((tx) => t.app.jobs.send(tx, OPEN_SESSIONS_QUEUE, {}));
    await t.drain();
    const [note] = await creditNotesOf(id);
    const refund = [...standIn.refunds.values()].at(-1)!;
    expect(note).toMatchObject({ totalTtc: '50.00', refundId: refund.id, refundStatus: 'succeeded' });
    expect(standIn.refunds.size).toBe(made + 1);
    const keys = refundCalls().map((r) => r.headers['idempotency-key']);
    expect(new Set(keys.filter((k) => k === intent!.idempotencyKey)).size).toBe(1);
    expect((await t.db.select().from(providerIntents).where(eq(providerIntents.id, intent!.id)))[0]!.status).toBe(
      'done',
    );
  });
});
