import { holdAccountOf } from '#server/services/clients/account-lock.ts';
import { and, desc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Config } from '#server/config.ts';
import type { Tx } from '#server/db/client.ts';
import { invoices, onlinePayments, orders, providerIntents } from '#server/db/schema.ts';
import { HttpError, notFound } from '#server/http-error.ts';
import { creditNoteOverMessage, type CreditNoteValues } from '#shared/billing/invoice-api.ts';
import { writeAudit, type Actor } from '#server/services/security/audit.ts';
import { documentData, orderInvoice } from './documents.ts';
import { insertCreditNote, type Clock, type InvoiceRow } from './invoices.ts';
import { queueCreditNoteMail } from '#server/services/mail/order-mails.ts';
import type { MailQueue } from '#server/services/mail/outbox.ts';
import { recomputeSubscriptions } from '#server/services/subscriptions/subscriptions.ts';
import { toCents } from '#shared/format.ts';

const REFUND_PENDING =
  'Un remboursement de cette commande est en cours auprès de Stripe : attendez sa réponse (au plus un quart d’heure) avant d’établir un autre avoir.';
const NO_INVOICE = 'Cette commande n’a pas de facture émise : un avoir ne s’établit que sur une commande payée.';
const FULLY_CREDITED = 'Cette facture est déjà entièrement annulée par un avoir.';
const NOT_ONLINE =
  'Cette commande n’a pas été payée par carte en ligne : établissez l’avoir sans remboursement automatique et remboursez le client par le moyen qu’il a utilisé.';
const PROVIDER_OFF =
  'Le paiement en ligne n’est pas activé : établissez l’avoir sans remboursement automatique et remboursez le client depuis le tableau de bord Stripe.';

/**
 * Refuses a credit note while a card refund of the order waits for the provider's answer (its intent still `asked`),
 * apart from the one under this idempotency key: asking for it again (a double click) goes on with the same key.
 */
export async function refuseWhileRefundAsked(tx: Tx, orderId: number, sameKey?: string): Promise<void> {
  const [other] = await tx
    .select({ id: providerIntents.id })
    .from(providerIntents)
    .where(
      and(
        eq(providerIntents.orderId, orderId),
        eq(providerIntents.kind, 'refund'),
        eq(providerIntents.status, 'asked'),
        sameKey === undefined ? undefined : ne(providerIntents.idempotencyKey, sameKey),
      ),
    )
    .limit(1);
  if (other) throw new HttpError('REFUND_PENDING', REFUND_PENDING);
}

/** What credit notes may still cancel of an invoice ('0.00' once fully credited), and how many it already has. */
async function creditState(
  tx: Tx,
  invoice: Pick<InvoiceRow, 'id' | 'totalTtc'>,
): Promise<{ remaining: string; notes: number }> {
  const [row] = await tx
    .select({
      credited: sql<string>`coalesce(sum(${invoices.totalTtc}), 0)::text`,
      notes: sql<number>`count(*)::int`,
    })
    .from(invoices)
    .where(and(eq(invoices.invoiceId, invoice.id), eq(invoices.kind, 'credit_note')));
  return {
    remaining: ((toCents(invoice.totalTtc) - toCents(row?.credited ?? '0')) / 100).toFixed(2),
    notes: Number(row?.notes ?? 0),
  };
}

/**
 * Locks the invoice row (two credit notes at once cannot both take the same remainder) and checks that `amount` fits
 * in what is left; answers what is left and how many credit notes the invoice has.
 *
 * Its order is locked first: a change of the order's status locks the order, then reads and credits its invoice, so
 * a credit note taking them the other way round, at the same moment, would deadlock with it on PostgreSQL.
 */
export async function lockCreditable(
  tx: Tx,
  invoice: Pick<InvoiceRow, 'id' | 'orderId' | 'totalTtc'>,
  amount: string,
): Promise<{ remaining: string; notes: number }> {
  await holdAccountOf(tx, orders, invoice.orderId);
  await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, invoice.orderId)).for('update');
  await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.id, invoice.id)).for('update');
  const state = await creditState(tx, invoice);
  if (toCents(state.remaining) === 0 && state.notes > 0) throw new HttpError('ALREADY_CREDITED', FULLY_CREDITED);
  if (toCents(amount) > toCents(state.remaining)) {
    const message = creditNoteOverMessage(state.remaining);
    throw new HttpError('VALIDATION', message, { amount: [message] });
  }
  return state;
}

export async function creditableAmount(tx: Tx, invoice: Pick<InvoiceRow, 'id' | 'totalTtc'>): Promise<string> {
  return (await creditState(tx, invoice)).remaining;
}

/**
 * The payment provider's refunds, as billing needs them (services/payments/provider.ts gives the real one): billing
 * never reaches into the provider's SDK.
 */
export type CardRefunds = {
  refund(request: {
    paymentIntent: string;
    amountCents: number;
    invoiceNumber: string;
    idempotencyKey: string;
  }): Promise<{ id: string; status: string | null }>;
};

/** A credit note also refunded to the card: the provider's refunds and the payment to refund. */
export type CardRefund = { refunds: CardRefunds; paymentIntent: string };
/** A refund the provider made (or is making), written on its credit note. */
export type MadeRefund = { id: string; status: string };

export type CreditNoteArgs = {
  orderId: number;
  invoice: InvoiceRow;
  values: Pick<CreditNoteValues, 'amount' | 'reason'>;
  actor: Actor;
  config: Config;
  /** what the order becomes when credited in full */
  fullStatus?: 'cancelled' | 'refunded';
  clock?: Clock;
  /** the client gets the credit note by e-mail, queued in the same transaction (none without a queue: tools, tests) */
  mail?: MailQueue;
  /** the refund the provider made of this credit note's amount, before this transaction (refund-intents.ts) */
  refunded?: MadeRefund;
};

/** Credited in full, the order takes its final status and leaves the client's subscriptions. */
async function closeCreditedOrder(
  tx: Tx,
  orderId: number,
  fullStatus: NonNullable<CreditNoteArgs['fullStatus']>,
  actor: Actor,
) {
  await holdAccountOf(tx, orders, orderId);
  const [order] = await tx
    .select({ paymentStatus: orders.paymentStatus, clientId: orders.clientId, clientEmail: orders.clientEmail })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  if (!order) throw notFound('Commande introuvable');
  await tx.update(orders).set({ paymentStatus: fullStatus, updatedAt: new Date() }).where(eq(orders.id, orderId));
  await recomputeSubscriptions(
    tx,
    order.clientId !== null ? { clientId: order.clientId } : { clientId: null, email: order.clientEmail },
  );
  await writeAudit(tx, actor, {
    action: 'order.update',
    entity: 'order',
    entityId: orderId,
    before: { paymentStatus: order.paymentStatus },
    after: { paymentStatus: fullStatus },
  });
}

/** The client's copy of the credit note, queued in the caller's transaction so it leaves only if the note exists. */
async function mailCreditNote(
  tx: Tx,
  mail: MailQueue,
  orderId: number,
  credited: { invoice: InvoiceRow; note: InvoiceRow; cancelsInFull: boolean },
) {
  const { invoice, note, cancelsInFull } = credited;
  const [order] = await tx
    .select({ clientId: orders.clientId, clientName: orders.clientName, clientEmail: orders.clientEmail })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return;
  await queueCreditNoteMail(tx, mail, order, {
    id: note.id,
    number: note.number,
    invoiceNumber: invoice.number,
    amount: note.totalTtc,
    cancelsInFull,
  });
}

/**
 * A credit note on `invoice`, in the caller's transaction. The invoice row is locked first, so two credit notes on it
 * at once cannot both take the same remainder. Credited in full, the order becomes `fullStatus` (« Annulé » or
 * « Remboursé ») and no longer counts as a subscription. The series lock comes last (insertCreditNote).
 */
export async function creditInTransaction(tx: Tx, request: CreditNoteArgs): Promise<InvoiceRow> {
  const {
    orderId,
    invoice,
    values,
    actor,
    config,
    fullStatus = 'cancelled',
    clock = () => new Date(),
    mail,
    refunded,
  } = request;
  const { remaining } = await lockCreditable(tx, invoice, values.amount);
  // A refund under way takes its share of the remainder once the provider has answered: nothing else meanwhile.
  if (!refunded) await refuseWhileRefundAsked(tx, orderId);
  const cancelsInFull = toCents(values.amount) === toCents(remaining);
  if (cancelsInFull) await closeCreditedOrder(tx, orderId, fullStatus, actor);
  // Last: the series lock is held for the number, two inserts and the commit.
  let note = await insertCreditNote(
    tx,
    invoice,
    documentData(invoice, config),
    values.amount,
    values.reason,
    actor.username,
    clock,
  );
  if (refunded) {
    [note] = (await tx
      .update(invoices)
      .set({ refundId: refunded.id, refundStatus: refunded.status })
      .where(eq(invoices.id, note.id))
      .returning()) as [InvoiceRow];
  }
  await writeAudit(tx, actor, {
    action: 'credit_note.issue',
    entity: 'order',
    entityId: orderId,
    after: {
      number: note.number,
      invoice: invoice.number,
      amount: note.totalTtc,
      reason: values.reason,
      issuedOn: note.issuedOn,
      ...(refunded ? { refundId: refunded.id, refundStatus: refunded.status } : {}),
    },
  });
  if (mail) await mailCreditNote(tx, mail, orderId, { invoice, note, cancelsInFull });
  return note;
}

/** The card payment a `refund: true` credit note gives back: only an order paid « Carte (en ligne) », provider on. */
export async function cardRefund(
  tx: Tx,
  orderId: number,
  refunds: CardRefunds | null | undefined,
): Promise<CardRefund> {
  const [order] = await tx.select({ paymentMethod: orders.paymentMethod }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound('Commande introuvable');
  if (order.paymentMethod !== 'carte_en_ligne')
    throw new HttpError('NOT_REFUNDABLE', NOT_ONLINE, { refund: [NOT_ONLINE] });
  if (!refunds) throw new HttpError('NOT_REFUNDABLE', PROVIDER_OFF, { refund: [PROVIDER_OFF] });
  const [paid] = await tx
    .select({ paymentIntent: onlinePayments.paymentIntent })
    .from(onlinePayments)
    .where(
      and(
        eq(onlinePayments.orderId, orderId),
        eq(onlinePayments.status, 'paid'),
        isNotNull(onlinePayments.paymentIntent),
      ),
    )
    .orderBy(desc(onlinePayments.updatedAt))
    .limit(1);
  if (!paid?.paymentIntent) throw new HttpError('NOT_REFUNDABLE', NOT_ONLINE, { refund: [NOT_ONLINE] });
  return { refunds, paymentIntent: paid.paymentIntent };
}

/** The order's issued invoice, or why there is none to credit. */
export async function invoiceToCredit(tx: Tx, orderId: number): Promise<InvoiceRow> {
  const invoice = await orderInvoice(tx, orderId);
  if (invoice) return invoice;
  const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound('Commande introuvable');
  throw new HttpError('NO_INVOICE', NO_INVOICE);
}
