import { toCents } from '#shared/format.ts';
import { and, asc, count, desc, eq, getTableColumns, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { clients, invoices, orders } from '#server/db/schema.ts';
import type { OrderDto } from '#shared/orders/order-api.ts';
import type { IssuedDocumentDto, OrderDocuments } from '#shared/billing/invoice-api.ts';
import type { CheckoutStatus, PaymentStatus } from '#shared/billing/payment-labels.ts';
import { containsPattern } from '#server/db/search-pattern.ts';
import { dashboardLink } from './stripe-dashboard.ts';

export const ORDER_NOT_FOUND = 'Commande introuvable';

// The search helpers (email_key, search_text) stay in the database.
const { emailKey: _emailKey, searchText: _searchText, ...storedColumns } = getTableColumns(orders);

const orderColumns = {
  ...storedColumns,
  // The client's current username wins over the one copied on the order; never the hash itself.
  username: sql<string | null>`coalesce(${clients.username}, ${orders.username})`,
  hasPassword: sql<boolean>`(${clients.passwordHash} is not null)`,
  // The order's latest Checkout session, the paid one first (services/payments/).
  onlinePayment: sql<OnlineSession | null>`(select json_build_object('sessionId', s.id, 'paymentIntent', s.payment_intent, 'status', s.status)
    from online_payments s where s.order_id = ${orders.id} order by (s.status = 'paid') desc, s.created_at desc limit 1)`,
};
type OnlineSession = { sessionId: string; paymentIntent: string | null; status: CheckoutStatus };
type OrderRow = Omit<typeof orders.$inferSelect, 'username' | 'emailKey' | 'searchText'> & {
  username: string | null;
  hasPassword: boolean;
  onlinePayment: OnlineSession | null;
};

type DocumentRow = Pick<
  typeof invoices.$inferSelect,
  'id' | 'kind' | 'number' | 'issuedOn' | 'totalTtc' | 'orderId' | 'refundId' | 'refundStatus'
>;

/** The orders' issued documents, invoice first then credit notes, for a page of orders in one query. */
export async function documentsOf(db: Tx, orderIds: number[]): Promise<Map<number, DocumentRow[]>> {
  const byOrder = new Map<number, DocumentRow[]>();
  if (!orderIds.length) return byOrder;
  const rows = await db
    .select({
      id: invoices.id,
      kind: invoices.kind,
      number: invoices.number,
      issuedOn: invoices.issuedOn,
      totalTtc: invoices.totalTtc,
      orderId: invoices.orderId,
      refundId: invoices.refundId,
      refundStatus: invoices.refundStatus,
    })
    .from(invoices)
    .where(inArray(invoices.orderId, orderIds))
    .orderBy(asc(invoices.id));
  for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
  return byOrder;
}

/** The invoice's total less its credit notes; null without an invoice. */
function creditableOf(documents: readonly Pick<DocumentRow, 'kind' | 'totalTtc'>[]): string | null {
  const invoice = documents.find((d) => d.kind === 'invoice');
  if (!invoice) return null;
  const credited = documents.filter((d) => d.kind === 'credit_note').reduce((sum, d) => sum + toCents(d.totalTtc), 0);
  return ((toCents(invoice.totalTtc) - credited) / 100).toFixed(2);
}

export const toDocumentDto = (d: DocumentRow): IssuedDocumentDto => ({
  id: d.id,
  kind: d.kind,
  number: d.number,
  issuedOn: d.issuedOn,
  totalTtc: d.totalTtc,
});

/** The one mapping from a row to what leaves the server. */
function toOrderDto(row: OrderRow, documents: readonly DocumentRow[] = []): OrderDto & OrderDocuments {
  return {
    id: row.id,
    clientId: row.clientId,
    clientName: row.clientName,
    clientEmail: row.clientEmail,
    clientPhone: row.clientPhone,
    username: row.username,
    hasPassword: Boolean(row.hasPassword),
    plan: row.plan,
    paymentMethod: row.paymentMethod,
    paymentStatus: row.paymentStatus,
    price: row.price,
    creditCost: Number(row.creditCost),
    orderDate: row.orderDate,
    notes: row.notes,
    createdBy: row.createdBy,
    verificationKey: row.verificationKey,
    createdAt: new Date(row.createdAt).toISOString(),
    paymentIssue: row.paymentIssue,
    consent:
      row.cgvVersion && row.cgvAcceptedAt
        ? {
            cgvVersion: row.cgvVersion,
            acceptedAt: new Date(row.cgvAcceptedAt).toISOString(),
            expressRequestAt: row.expressRequestAt ? new Date(row.expressRequestAt).toISOString() : null,
          }
        : null,
    withdrawal: row.withdrawnAt
      ? { at: new Date(row.withdrawnAt).toISOString(), refund: row.withdrawalRefund ?? '0.00' }
      : null,
    onlinePayment: row.onlinePayment && {
      ...row.onlinePayment,
      dashboardUrl: dashboardLink(row.onlinePayment.sessionId, row.onlinePayment.paymentIntent),
    },
    // Staff also see a credit note's refund to the card (the client area lists documents without it).
    documents: documents.map((d) => ({
      ...toDocumentDto(d),
      refund: d.refundId ? { id: d.refundId, status: d.refundStatus ?? '' } : null,
    })),
    creditable: creditableOf(documents),
  };
}

export type OrderFilter = { q?: string; email?: string; status?: PaymentStatus; limit: number; offset: number };

function orderConditions(filter: OrderFilter): SQL | undefined {
  const conditions: Array<SQL | undefined> = [];
  if (filter.email) conditions.push(eq(orders.emailKey, sql`lower(${filter.email})`));
  if (filter.status) conditions.push(eq(orders.paymentStatus, filter.status));
  if (filter.q) {
    // « 5 » or « #5 » is an order's number; « 00000005 » or « AV-00000001 » is a document's, as printed on the PDF a
    // client quotes: it finds the order that document belongs to, not order n° 5.
    const id = /^#?[1-9]\d{0,8}$/.test(filter.q) ? Number(filter.q.replace('#', '')) : undefined;
    const documentNumber = /^(AV-)?\d{8}$/i.test(filter.q) ? filter.q.toUpperCase() : undefined;
    // name, e-mail, username and key, lower-cased once on write (see search_text in the schema)
    conditions.push(
      or(
        id !== undefined ? eq(orders.id, id) : undefined,
        documentNumber !== undefined
          ? sql`exists (select 1 from ${invoices} where ${invoices.number} = ${documentNumber}
              and ${invoices.orderId} = ${orders.id})`
          : undefined,
        like(orders.searchText, sql`lower(${containsPattern(filter.q)})`),
      ),
    );
  }
  return and(...conditions);
}

/**
 * Newest first. The page's ids come from orders alone before anything is joined, so a deep page
 * (offset 25,000) walks the primary key instead of joining 25,000 rows. The total is a plain count for the
 * whole list; for a search it rides along as a window over the few matches, saving a second scan.
 */
export async function listOrders(
  db: Tx,
  filter: OrderFilter,
): Promise<{ items: Array<OrderDto & OrderDocuments>; total: number }> {
  const where = orderConditions(filter);
  const countAll = () =>
    db
      .select({ n: count() })
      .from(orders)
      .where(where)
      .then(([row]) => Number(row?.n ?? 0));
  const selective = Boolean(filter.q || filter.email);
  const page = await db
    .select({ id: orders.id, total: selective ? sql<number>`(count(*) over ())::int` : sql<number>`0` })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const [rows, total] = await Promise.all([
    page.length
      ? db
          .select(orderColumns)
          .from(orders)
          .leftJoin(clients, eq(clients.id, orders.clientId))
          .where(
            inArray(
              orders.id,
              page.map((p) => p.id),
            ),
          )
          .orderBy(desc(orders.id))
      : [],
    selective && page.length ? page[0]!.total : countAll(),
  ]);
  const documents = await documentsOf(
    db,
    rows.map((r) => r.id),
  );
  return { items: rows.map((row) => toOrderDto(row, documents.get(row.id))), total };
}

export async function getOrderDto(db: Tx, id: number): Promise<(OrderDto & OrderDocuments) | undefined> {
  const [row] = await db
    .select(orderColumns)
    .from(orders)
    .leftJoin(clients, eq(clients.id, orders.clientId))
    .where(eq(orders.id, id))
    .limit(1);
  return row ? toOrderDto(row, (await documentsOf(db, [id])).get(id)) : undefined;
}
