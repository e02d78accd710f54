// What the payment provider tells us about a Checkout session, applied once: the order becomes paid through the
// very path of a staff confirmation, or stays pending with the reason shown to staff.
import { holdAccountOf } from '#server/services/clients/account-lock.ts';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db, Tx } from '#server/db/client.ts';
import { onlinePayments, orders, paymentEvents } from '#server/db/schema.ts';
import { formatEuro, toCents } from '#shared/format.ts';
import type { CheckoutStatus } from '#shared/billing/payment-labels.ts';
import { ensureDocumentPdf } from '#server/services/billing/documents.ts';
import type { Actor } from '#server/services/security/audit.ts';
import { updateOrderInTransaction, type OrderDeps } from '#server/services/orders/orders.ts';

/** Who the audit log names for a change the provider's confirmation made. */
const PROVIDER_ACTOR: Actor = { id: null, username: 'stripe' };

const ISSUES = {
  expired: 'Paiement en ligne non abouti : la session de paiement a expiré sans règlement.',
  failed: 'Paiement en ligne refusé (la banque n’a pas accepté le prélèvement).',
  alreadySettled:
    'Un paiement en ligne est arrivé pour une commande qui n’était plus en attente : vérifiez dans Stripe et remboursez-le si besoin.',
  mismatch: (paid: string, due: string) =>
    `Paiement en ligne de ${paid} pour une commande de ${due} : vérifiez dans Stripe avant de confirmer ou de rembourser.`,
} as const;

type SessionFacts = Pick<
  Stripe.Checkout.Session,
  'id' | 'amount_total' | 'currency' | 'payment_status' | 'metadata' | 'client_reference_id' | 'status'
> & {
  payment_intent?: string | Stripe.PaymentIntent | null;
};

/** What was learnt: for the log and the tests. */
export type Outcome = 'duplicate' | 'ignored' | 'paid' | 'mismatch' | 'expired' | 'failed' | 'waiting';

const orderIdOf = (session: SessionFacts): number | null => {
  const raw = session.metadata?.orderId ?? session.client_reference_id;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

const intentOf = (session: SessionFacts) =>
  typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);

async function recordSession(tx: Tx, session: SessionFacts, orderId: number, status: CheckoutStatus) {
  const values = {
    status,
    paymentIntent: intentOf(session),
    updatedAt: new Date(),
  };
  await tx
    .insert(onlinePayments)
    .values({
      id: session.id,
      orderId,
      amountCents: session.amount_total ?? 0,
      currency: session.currency ?? '',
      ...values,
    })
    .onConflictDoUpdate({ target: onlinePayments.id, set: values });
}

async function flag(tx: Tx, orderId: number, issue: string) {
  await tx.update(orders).set({ paymentIssue: issue, updatedAt: new Date() }).where(eq(orders.id, orderId));
}

/**
 * A session the provider says is complete and paid: with the order's amount in euros, the order is paid like a staff
 * confirmation (invoice issued and e-mailed, subscription periods chained again), with the method « Carte (en ligne) ».
 * Anything else leaves the order pending with the reason for staff. Safe to run again for the same session.
 */
async function applyPaid(tx: Tx, session: SessionFacts, deps: OrderDeps) {
  const orderId = orderIdOf(session);
  if (orderId === null) return { outcome: 'ignored' as const, invoice: null };
  await holdAccountOf(tx, orders, orderId);
  const [order] = await tx
    .select({ paymentStatus: orders.paymentStatus, price: orders.price, paymentMethod: orders.paymentMethod })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  if (!order) return { outcome: 'ignored' as const, invoice: null };
  const [known] = await tx
    .select({ status: onlinePayments.status })
    .from(onlinePayments)
    .where(eq(onlinePayments.id, session.id));
  if (known?.status === 'paid') return { outcome: 'duplicate' as const, invoice: null };
  const due = toCents(order.price);
  if (session.amount_total !== due || session.currency !== 'eur') {
    await recordSession(tx, session, orderId, 'mismatch');
    await flag(
      tx,
      orderId,
      ISSUES.mismatch(
        formatEuro((session.amount_total ?? 0) / 100) +
          (session.currency === 'eur' ? '' : ` (${String(session.currency).toUpperCase()})`),
        formatEuro(order.price),
      ),
    );
    return { outcome: 'mismatch' as const, invoice: null };
  }
  if (order.paymentStatus !== 'pending' && order.paymentStatus !== 'failed') {
    await recordSession(tx, session, orderId, 'mismatch');
    await flag(tx, orderId, ISSUES.alreadySettled);
    return { outcome: 'mismatch' as const, invoice: null };
  }
  await recordSession(tx, session, orderId, 'paid');
  // The method first: the invoice issued just after prints it, frozen.
  await tx.update(orders).set({ paymentMethod: 'carte_en_ligne' }).where(eq(orders.id, orderId));
  const invoice = await updateOrderInTransaction(tx, orderId, { paymentStatus: 'paid' }, PROVIDER_ACTOR, deps);
  return { outcome: 'paid' as const, invoice };
}

/** Expired or refused: the order stays pending (unless another session paid it meanwhile), with why for staff. */
async function applyUnpaid(tx: Tx, session: SessionFacts, status: 'expired' | 'failed') {
  const orderId = orderIdOf(session);
  if (orderId === null) return 'ignored' as const;
  await holdAccountOf(tx, orders, orderId);
  const [order] = await tx
    .select({ paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  if (!order) return 'ignored' as const;
  const [known] = await tx
    .select({ status: onlinePayments.status })
    .from(onlinePayments)
    .where(eq(onlinePayments.id, session.id));
  if (known && known.status !== 'open') return 'duplicate' as const;
  await recordSession(tx, session, orderId, status);
  if (order.paymentStatus === 'pending') await flag(tx, orderId, status === 'expired' ? ISSUES.expired : ISSUES.failed);
  return status;
}

/** One session's news, in the caller's transaction. */
export async function applySession(
  tx: Tx,
  session: SessionFacts,
  news: 'completed' | 'expired' | 'failed',
  deps: OrderDeps,
) {
  if (news === 'expired' || news === 'failed') return { outcome: await applyUnpaid(tx, session, news), invoice: null };
  // « completed » with a payment still on its way (a bank debit): the async events say how it ends.
  if (session.payment_status !== 'paid') return { outcome: 'waiting' as const, invoice: null };
  return applyPaid(tx, session, deps);
}

const NEWS: Partial<Record<Stripe.Event['type'], 'completed' | 'expired' | 'failed'>> = {
  'checkout.session.completed': 'completed',
  'checkout.session.async_payment_succeeded': 'completed',
  'checkout.session.expired': 'expired',
  'checkout.session.async_payment_failed': 'failed',
};

/**
 * A verified event, handled once: its id is stored in the same transaction as what it changes, so the same event
 * delivered again (or by two instances at once: the primary key makes the second wait, then find it) changes nothing.
 */
export async function handleProviderEvent(db: Db, event: Stripe.Event, deps: OrderDeps): Promise<Outcome> {
  const { outcome, invoice } = await db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!fresh) return { outcome: 'duplicate' as const, invoice: null };
    const news = NEWS[event.type];
    if (!news) return { outcome: 'ignored' as const, invoice: null };
    return applySession(tx, event.data.object as Stripe.Checkout.Session, news, deps);
  });
  // As a staff confirmation: the invoice e-mail's worker stores the PDF; without a mail queue, here.
  if (invoice && deps.config && !deps.mail) await ensureDocumentPdf(db, deps.config, invoice);
  return outcome;
}
