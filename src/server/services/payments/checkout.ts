// « Payer en ligne »: a Checkout session for one of the signed-in client's pending orders.
import { holdAccountOf } from '#server/services/clients/account-lock.ts';
import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { Config } from '#server/config.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { onlinePayments, orders, providerIntents } from '#server/db/schema.ts';
import { HttpError, notFound } from '#server/http-error.ts';
import { getPlan } from '#shared/plans.ts';
import { PAYMENT_ORDER_PARAM, PAYMENT_RETURN_PARAM } from '#shared/payments/payment-api.ts';
import { toCents } from '#shared/format.ts';
import type { PaymentProvider } from './provider.ts';

const NOT_PAYABLE = 'Cette commande n’est plus en attente de paiement : rechargez la page pour voir où elle en est.';
const UNAVAILABLE =
  'Le paiement en ligne ne répond pas pour le moment. Réessayez dans quelques minutes, ou contactez-nous pour régler autrement.';
/** A session the provider made stays usable 24 hours; one made less than 23 hours ago is offered again. */
const REUSE_MS = 23 * 3600_000;

/**
 * The attempt's idempotency key, recorded before the provider is called (docs/decisions/040): one left `asked` (no
 * answer, a crash) for this amount within the session's life is asked again with its key, and the provider answers the
 * session it made; otherwise a new attempt, numbered after the order's earlier ones.
 */
async function checkoutIntent(db: Db, orderId: number, amountCents: number): Promise<{ id: number; key: string }> {
  return db.transaction(async (tx) => {
    await holdAccountOf(tx, orders, orderId);
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
    const [left] = await tx
      .select({ id: providerIntents.id, key: providerIntents.idempotencyKey })
      .from(providerIntents)
      .where(
        and(
          eq(providerIntents.orderId, orderId),
          eq(providerIntents.kind, 'checkout'),
          eq(providerIntents.status, 'asked'),
          sql`(${providerIntents.request} ->> 'amountCents')::int = ${amountCents}`,
          gt(providerIntents.createdAt, new Date(Date.now() - REUSE_MS)),
        ),
      )
      .orderBy(desc(providerIntents.createdAt))
      .limit(1);
    if (left) return left;
    // Numbered after every earlier attempt: the highest key recorded, and the sessions made before intents were
    // recorded (one per attempt). Counting the intents instead gave a refused attempt's number again to an order with
    // such a session, and its key was taken.
    const [intents] = await tx
      .select({
        last: sql<number>`coalesce(max(substring(${providerIntents.idempotencyKey} from '-checkout-([0-9]+)$')::int), 0)`,
      })
      .from(providerIntents)
      .where(and(eq(providerIntents.orderId, orderId), eq(providerIntents.kind, 'checkout')));
    const [sessions] = await tx.select({ n: count() }).from(onlinePayments).where(eq(onlinePayments.orderId, orderId));
    const key = `rfs-order-${orderId}-checkout-${Math.max(Number(intents?.last ?? 0), Number(sessions?.n ?? 0)) + 1}`;
    const [row] = await tx
      .insert(providerIntents)
      .values({ kind: 'checkout', idempotencyKey: key, orderId, request: { amountCents } })
      .returning({ id: providerIntents.id });
    return { id: row!.id, key };
  });
}

async function endIntent(db: Tx, id: number, status: 'done' | 'failed', result?: object) {
  await db
    .update(providerIntents)
    .set({ status, ...(result ? { result } : {}), updatedAt: new Date() })
    .where(eq(providerIntents.id, id));
}

/** The client's own order, if it still waits for a payment of more than nothing. */
async function payableOrder(db: Db, clientId: number, orderId: number) {
  const [order] = await db
    .select({
      id: orders.id,
      plan: orders.plan,
      price: orders.price,
      paymentStatus: orders.paymentStatus,
      email: orders.clientEmail,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.clientId, clientId)));
  if (!order) throw notFound('Commande introuvable');
  const amount = toCents(order.price);
  if (order.paymentStatus !== 'pending' || amount <= 0) throw new HttpError('NOT_PAYABLE', NOT_PAYABLE);
  return { order, amount };
}

/** The page of a session still open for this amount, made recently enough to be offered again. */
async function openSessionUrl(db: Db, orderId: number, amount: number): Promise<string | null> {
  const [open] = await db
    .select({ url: onlinePayments.url })
    .from(onlinePayments)
    .where(
      and(
        eq(onlinePayments.orderId, orderId),
        eq(onlinePayments.status, 'open'),
        eq(onlinePayments.amountCents, amount),
        gt(onlinePayments.createdAt, new Date(Date.now() - REUSE_MS)),
      ),
    )
    .orderBy(desc(onlinePayments.createdAt))
    .limit(1);
  return open?.url || null;
}

/**
 * The provider's page for the client's pending order. The amount is the order's price (the catalogue's, set by the
 * server when the order was made: what its invoice will print), in euros; the order travels in the metadata and as
 * client_reference_id, which the webhook reads. A session still open is offered again rather than a second one; a
 * new one carries an idempotency key per order and attempt, so a double click or a retried call makes one.
 */
export async function startCheckout(
  db: Db,
  provider: PaymentProvider,
  config: Config,
  clientId: number,
  orderId: number,
): Promise<{ url: string }> {
  const { order, amount } = await payableOrder(db, clientId, orderId);
  const openUrl = await openSessionUrl(db, order.id, amount);
  if (openUrl) return { url: openUrl };

  const intent = await checkoutIntent(db, order.id, amount);
  const plan = getPlan(order.plan);
  const back = (outcome: 'retour' | 'annule') =>
    `${config.PUBLIC_URL}/dashboard?${PAYMENT_RETURN_PARAM}=${outcome}&${PAYMENT_ORDER_PARAM}=${order.id}`;
  const metadata = { orderId: String(order.id) };
  let session;
  try {
    session = await provider.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'eur',
              unit_amount: amount,
              product_data: { name: `Abonnement ${plan.name} – ${plan.durationText}` },
            },
          },
        ],
        client_reference_id: String(order.id),
        metadata,
        payment_intent_data: { metadata },
        customer_email: order.email,
        locale: 'fr',
        success_url: back('retour'),
        cancel_url: back('annule'),
      },
      { idempotencyKey: intent.key },
    );
  } catch (error) {
    // A refusal ends the attempt (the next click takes a new key); no answer keeps the key for the next click.
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500 && status !== 409 && status !== 429)
      await endIntent(db, intent.id, 'failed');
    throw new HttpError('PROVIDER_UNAVAILABLE', UNAVAILABLE);
  }
  if (!session.url) throw new HttpError('PROVIDER_UNAVAILABLE', UNAVAILABLE);
  const url = session.url;
  await db.transaction(async (tx) => {
    await tx
      .insert(onlinePayments)
      .values({ id: session.id, orderId: order.id, amountCents: amount, currency: 'eur', url })
      .onConflictDoNothing();
    await endIntent(tx, intent.id, 'done', { sessionId: session.id });
  });
  return { url };
}
