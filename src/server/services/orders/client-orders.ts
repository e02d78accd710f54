// A client's own orders as the client area shows them: their plan, price, status and period, their documents, and
// the one pending order a client may have asked for themselves (a renewal or a change of plan).
import { orders } from '#server/db/schema.ts';
import type { ClientOrder } from '#shared/orders/order-api.ts';
import { getPlan } from '#shared/plans.ts';
import { todayIso } from '#shared/format.ts';
import { withdrawalDeadline } from '#shared/orders/withdrawal-form.ts';
import type { Tx } from '#server/db/client.ts';
import { and, eq, desc, count } from 'drizzle-orm';
import { CLIENT_ACTOR } from '#server/services/security/audit.ts';
import { documentsOf, toDocumentDto } from './order-queries.ts';
import type { Config } from '#server/config.ts';
import { orderInvoice, documentPdf, loadDocument } from '#server/services/billing/documents.ts';
import { HttpError } from '#server/http-error.ts';

type ClientOrderRow = Pick<
  typeof orders.$inferSelect,
  | 'id'
  | 'plan'
  | 'price'
  | 'paymentStatus'
  | 'orderDate'
  | 'startsOn'
  | 'endsOn'
  | 'paymentIssue'
  | 'withdrawnAt'
  | 'withdrawalRefund'
>;

/**
 * What a client sees of one of their orders: its plan, price, status and, once paid, its period; its issued
 * invoice and credit notes, when any.
 */
export function toClientOrder(row: ClientOrderRow, documents: ClientOrder['documents'] = []): ClientOrder {
  const paid = row.paymentStatus === 'paid';
  const invoice = documents.find((d) => d.kind === 'invoice');
  return {
    id: row.id,
    planId: row.plan,
    plan: getPlan(row.plan).name,
    price: row.price,
    paymentStatus: row.paymentStatus,
    orderDate: row.orderDate,
    startsOn: paid ? row.startsOn : null,
    endsOn: paid ? row.endsOn : null,
    invoiceNumber: documents.find((d) => d.kind === 'invoice')?.number ?? null,
    documents,
    // The reason stays for staff; the client learns only that the card payment did not go through.
    paymentRefused: row.paymentStatus === 'failed' || (row.paymentStatus === 'pending' && row.paymentIssue !== null),
    withdrawableUntil: paid && !row.withdrawnAt && invoice ? withdrawalDeadline(invoice.issuedOn) : null,
    withdrawal: row.withdrawnAt ? { on: todayIso(row.withdrawnAt), refund: row.withdrawalRefund ?? '0.00' } : null,
  };
}

/** What a client's views read of an order. */
const orderColumns = {
  id: orders.id,
  plan: orders.plan,
  price: orders.price,
  paymentStatus: orders.paymentStatus,
  orderDate: orders.orderDate,
  startsOn: orders.startsOn,
  endsOn: orders.endsOn,
  paymentIssue: orders.paymentIssue,
  withdrawnAt: orders.withdrawnAt,
  withdrawalRefund: orders.withdrawalRefund,
} satisfies Record<keyof ClientOrderRow, unknown>;

/** The client's own pending order, if one waits for staff (one at a time, see the unique index). */
export async function pendingOrderOf(db: Tx, clientId: number): Promise<ClientOrderRow | undefined> {
  const [row] = await db
    .select(orderColumns)
    .from(orders)
    .where(
      and(
        eq(orders.clientId, clientId),
        eq(orders.paymentStatus, 'pending'),
        eq(orders.createdBy, CLIENT_ACTOR.username),
      ),
    )
    .limit(1);
  return row;
}

/** The client's own orders (those of their account), newest first. */
export async function listClientOrders(
  db: Tx,
  clientId: number,
  page: { limit: number; offset: number },
): Promise<{ items: ClientOrder[]; total: number }> {
  const where = eq(orders.clientId, clientId);
  const [rows, [total]] = await Promise.all([
    db
      .select(orderColumns)
      .from(orders)
      .where(where)
      .orderBy(desc(orders.orderDate), desc(orders.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  const documents = await documentsOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((row) => toClientOrder(row, (documents.get(row.id) ?? []).map(toDocumentDto))),
    total: Number(total?.n ?? 0),
  };
}

const INVOICE_NOT_FOUND = 'Facture introuvable';

/**
 * The invoice of one of the client's own paid orders, the very document staff download. Someone else's order, a
 * pending one or an unknown id all answer the same 404, so nobody learns that an order exists.
 */
export async function loadClientInvoice(
  db: Tx,
  clientId: number,
  orderId: number,
  config: Config,
): Promise<{ fileName: string; pdf: Buffer }> {
  const [own] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.clientId, clientId)));
  const row = own ? await orderInvoice(db, orderId) : undefined;
  if (!row) throw new HttpError('NOT_FOUND', INVOICE_NOT_FOUND);
  return documentPdf(db, config, row);
}

/**
 * One of the client's own documents (an invoice or a credit note) by its id, checked against the order's client: the
 * document's copy of the client id may be older than a later attachment of the order to the account.
 */
export async function loadClientDocument(
  db: Tx,
  clientId: number,
  documentId: number,
  config: Config,
): Promise<{ fileName: string; pdf: Buffer }> {
  const row = await loadDocument(db, documentId);
  const [own] = row
    ? await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.id, row.orderId), eq(orders.clientId, clientId)))
    : [];
  if (!row || !own) throw new HttpError('NOT_FOUND', INVOICE_NOT_FOUND);
  return documentPdf(db, config, row);
}
