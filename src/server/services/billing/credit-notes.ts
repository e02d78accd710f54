import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { invoices, orders } from '../../db/schema';
import { HttpError, notFound } from '../../http-error';
import { creditNoteOverMessage, type CreditNoteValues, type OrderDocuments } from '../../../shared/invoice-api';
import type { OrderDto } from '../../../shared/admin-api';
import { writeAudit, type Actor } from '../security/audit';
import { documentData, ensureDocumentPdf, insertCreditNote, orderInvoice, type Clock, type InvoiceRow } from './invoices';
import { queueCreditNoteMail } from '../mail/order-mails';
import type { MailQueue } from '../mail/outbox';
import { getOrderDto } from '../orders/order-queries';
import { recomputeSubscriptions } from '../orders/subscriptions';

const NO_INVOICE = 'Cette commande n’a pas de facture émise : un avoir ne s’établit que sur une commande payée.';
const FULLY_CREDITED = 'Cette facture est déjà entièrement annulée par un avoir.';

const cents = (amount: string) => Math.round(Number(amount) * 100);

/** What credit notes may still cancel of an invoice ('0.00' once fully credited), and how many it already has. */
async function creditState(tx: Tx, invoice: Pick<InvoiceRow, 'id' | 'totalTtc'>): Promise<{ remaining: string; notes: number }> {
  const [row] = await tx.select({
    credited: sql<string>`coalesce(sum(${invoices.totalTtc}), 0)::text`, notes: sql<number>`count(*)::int`,
  }).from(invoices).where(and(eq(invoices.invoiceId, invoice.id), eq(invoices.kind, 'credit_note')));
  return { remaining: ((cents(invoice.totalTtc) - cents(row?.credited ?? '0')) / 100).toFixed(2), notes: Number(row?.notes ?? 0) };
}

export async function creditableAmount(tx: Tx, invoice: Pick<InvoiceRow, 'id' | 'totalTtc'>): Promise<string> {
  return (await creditState(tx, invoice)).remaining;
}

export type CreditNoteRequest = {
  orderId: number; invoice: InvoiceRow; values: CreditNoteValues; actor: Actor; config: Config;
  /** what the order becomes when credited in full */
  fullStatus?: 'cancelled' | 'refunded';
  clock?: Clock;
  /** the client gets the credit note by e-mail, queued in the same transaction (none without a queue: tools, tests) */
  mail?: MailQueue;
};

/**
 * A credit note on `invoice`, in the caller's transaction. The invoice row is locked first, so two credit notes on it
 * at once cannot both take the same remainder. Credited in full, the order becomes `fullStatus` (« Annulé » or
 * « Remboursé ») and no longer counts as a subscription. The series lock comes last (insertCreditNote).
 */
export async function creditInTransaction(tx: Tx, request: CreditNoteRequest): Promise<InvoiceRow> {
  const { orderId, invoice, values, actor, config, fullStatus = 'cancelled', clock = () => new Date(), mail } = request;
  await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.id, invoice.id)).for('update');
  const { remaining, notes } = await creditState(tx, invoice);
  if (cents(remaining) === 0 && notes > 0) throw new HttpError(409, FULLY_CREDITED, 'ALREADY_CREDITED');
  if (cents(values.amount) > cents(remaining)) {
    const message = creditNoteOverMessage(remaining);
    throw new HttpError(400, message, 'VALIDATION', { amount: [message] });
  }
  const cancelsInFull = cents(values.amount) === cents(remaining);
  if (cancelsInFull) {
    const [order] = await tx.select({ paymentStatus: orders.paymentStatus, clientId: orders.clientId, clientEmail: orders.clientEmail })
      .from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw notFound('Commande introuvable');
    await tx.update(orders).set({ paymentStatus: fullStatus, updatedAt: new Date() }).where(eq(orders.id, orderId));
    await recomputeSubscriptions(tx, order.clientId !== null ? { clientId: order.clientId } : { clientId: null, email: order.clientEmail });
    await writeAudit(tx, actor, {
      action: 'order.update', entity: 'order', entityId: orderId,
      before: { paymentStatus: order.paymentStatus }, after: { paymentStatus: fullStatus },
    });
  }
  // Last: the series lock is held for the number, two inserts and the commit.
  const note = await insertCreditNote(tx, invoice, documentData(invoice, config), values.amount, values.reason, actor.username, clock);
  await writeAudit(tx, actor, {
    action: 'credit_note.issue', entity: 'order', entityId: orderId,
    after: { number: note.number, invoice: invoice.number, amount: note.totalTtc, reason: values.reason, issuedOn: note.issuedOn },
  });
  if (mail) {
    const [order] = await tx.select({ clientId: orders.clientId, clientName: orders.clientName, clientEmail: orders.clientEmail })
      .from(orders).where(eq(orders.id, orderId));
    if (order) {
      await queueCreditNoteMail(tx, mail, order, { id: note.id, number: note.number, invoiceNumber: invoice.number, amount: note.totalTtc, cancelsInFull });
    }
  }
  return note;
}

/**
 * « Établir un avoir »: a credit note for all or part of what is left of the order's invoice, e-mailed to the client;
 * its PDF stored after commit.
 */
export async function issueCreditNote(
  db: Db, orderId: number, values: CreditNoteValues, actor: Actor, deps: { config: Config; mail?: MailQueue; clock?: Clock },
): Promise<OrderDto & OrderDocuments> {
  const { config } = deps;
  const note = await db.transaction(async (tx) => {
    const invoice = await orderInvoice(tx, orderId);
    if (!invoice) {
      const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
      if (!order) throw notFound('Commande introuvable');
      throw new HttpError(409, NO_INVOICE, 'NO_INVOICE');
    }
    return creditInTransaction(tx, { orderId, invoice, values, actor, config, mail: deps.mail, clock: deps.clock });
  });
  await ensureDocumentPdf(db, config, note);
  return (await getOrderDto(db, orderId))!;
}
