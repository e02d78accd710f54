import { toCents, todayIso, formatDate } from '#shared/format.ts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Config } from '#server/config.ts';
import type { Tx } from '#server/db/client.ts';
import { clients, invoices, orders } from '#server/db/schema.ts';
import { isGifted } from '#shared/billing/payment-labels.ts';
import type { DocumentKind } from '#shared/billing/billing-labels.ts';
import { devicesLabel, getPlan, type PlanId } from '#shared/plans.ts';
import { writeAudit, type Actor } from '#server/services/security/audit.ts';
import { usernameHint } from '#server/services/clients/credentials.ts';
import type { DocumentLine, InvoiceData } from './invoice-pdf.ts';
import { periodEndsOn } from '#server/services/calendar/paris-calendar.ts';

export type InvoiceRow = typeof invoices.$inferSelect;

function sellerOf(config: Config): InvoiceData['seller'] {
  return {
    siteName: config.SITE_NAME,
    legalName: config.COMPANY_LEGAL_NAME,
    address: config.COMPANY_ADDRESS,
    email: config.COMPANY_EMAIL,
    phone: config.COMPANY_PHONE,
    companyId: config.COMPANY_ID,
  };
}

/** '00000042' for an invoice (docs/decisions/031), 'AV-00000003' for a credit note. */
function documentNumber(kind: DocumentKind, seq: number): string {
  const padded = String(seq).padStart(8, '0');
  return kind === 'credit_note' ? `AV-${padded}` : padded;
}

// Amounts in cents while computing: numeric(10,2) strings in and out, never a float sum.
const euros = (n: number) => (n / 100).toFixed(2);

/** HT, TVA and TTC of a TTC amount at a rate in percent (catalogue prices are what the client pays). */
function splitTax(ttc: string, rate: string): { ht: string; tax: string; ttc: string } {
  const total = toCents(ttc);
  const ht = Math.round(total / (1 + Number(rate) / 100));
  return { ht: euros(ht), tax: euros(total - ht), ttc: euros(total) };
}

function planLine(
  plan: PlanId,
  ttc: string,
  rate: string,
  period: { start: string; end: string },
  prefix = '',
): DocumentLine {
  const p = getPlan(plan);
  const amounts = splitTax(ttc, rate);
  return {
    designation: `${prefix}Abonnement assistance informatique à distance ${p.name}`,
    detail: `${p.durationText}, du ${formatDate(period.start)} au ${formatDate(period.end)} · ${devicesLabel(p.maxDevices)}`,
    quantity: 1,
    unitHt: amounts.ht,
    ...amounts,
  };
}

type OrderForInvoice = Pick<
  typeof orders.$inferSelect,
  | 'id'
  | 'clientId'
  | 'clientName'
  | 'clientEmail'
  | 'clientPhone'
  | 'plan'
  | 'price'
  | 'paymentMethod'
  | 'orderDate'
  | 'startsOn'
  | 'endsOn'
  | 'verificationKey'
> & { username: string | null };

/** What an order's invoice prints, with the seller and tax settings of now. */
export function invoiceDataOf(
  order: OrderForInvoice,
  config: Config,
  issue: {
    number: string;
    issuedOn: string;
    issuedAt: Date;
    paymentDate: string;
  },
): InvoiceData {
  const rate = config.INVOICE_TAX_RATE.toFixed(2);
  const period = {
    start: order.startsOn ?? order.orderDate,
    end: order.endsOn ?? periodEndsOn(order.orderDate, getPlan(order.plan).durationMonths),
  };
  const line = planLine(order.plan, order.price, rate, period);
  return {
    kind: 'invoice',
    number: issue.number,
    issuedOn: issue.issuedOn,
    issuedAt: issue.issuedAt.toISOString(),
    orderId: order.id,
    orderDate: order.orderDate,
    periodStart: period.start,
    periodEnd: period.end,
    client: { name: order.clientName, email: order.clientEmail, phone: order.clientPhone },
    lines: [line],
    totals: { ht: line.ht, tax: line.tax, ttc: line.ttc },
    taxRate: rate,
    taxMention: config.INVOICE_TAX_MENTION,
    gifted: isGifted(order),
    paymentMethod: order.paymentMethod,
    paymentDate: issue.paymentDate,
    verificationKey: order.verificationKey,
    usernameHint: order.username ? usernameHint(order.username) : null,
    seller: sellerOf(config),
    publicUrl: config.PUBLIC_URL,
    credited: null,
    reason: null,
  };
}

// One lock per series, held from the number's read to the commit: a rollback gives the number back (no gap) and two
// issues at once never share one. Taken last in a transaction so it is held only for the number, the insert and the commit.
const SERIES_LOCKS: Record<DocumentKind, number> = { invoice: 8_000_001, credit_note: 8_000_002 };

export type Clock = () => Date;
const systemClock: Clock = () => new Date();

/**
 * The next number of a series and its issue instant, both read under the series' lock: the instant is taken after
 * the lock is granted and never before the last issue (clocks of two servers may differ), so numbers follow issue
 * dates even around midnight. That rule makes the last number also the latest instant: one row read through the
 * (kind, seq) index, whatever the size of the series (a max() over the series grew with it, under the lock that every
 * paid order waits for: docs/quality.md « Figures behind the code »).
 */
async function nextSeq(tx: Tx, kind: DocumentKind, clock: Clock): Promise<{ seq: number; issuedAt: Date }> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SERIES_LOCKS[kind]})`);
  const [last] = await tx
    .select({ seq: invoices.seq, issuedAt: invoices.issuedAt })
    .from(invoices)
    .where(eq(invoices.kind, kind))
    .orderBy(desc(invoices.seq))
    .limit(1);
  const now = clock();
  return { seq: (last?.seq ?? 0) + 1, issuedAt: last && last.issuedAt > now ? last.issuedAt : now };
}

/**
 * Issues the invoice of an order that has just become paid, in the caller's transaction, as its LAST step: the
 * number is taken then, dated today in Paris, and everything printed is frozen. Its PDF is rendered after the commit
 * (ensureDocumentPdf: by the invoice e-mail's worker, or by the caller), outside the lock. An order already invoiced keeps
 * its invoice.
 */
export async function issueInvoice(
  tx: Tx,
  orderId: number,
  config: Config,
  actor: Actor,
  opts: { paidAtCreation: boolean; clock?: Clock },
): Promise<InvoiceRow | null> {
  const [existing] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')));
  if (existing) return null;
  const [order] = await tx
    .select({ order: orders, username: clients.username })
    .from(orders)
    .leftJoin(clients, eq(clients.id, orders.clientId))
    .where(eq(orders.id, orderId));
  if (!order) throw new Error(`Order ${orderId} not found`);
  const row = { ...order.order, username: order.username };
  const { seq, issuedAt: now } = await nextSeq(tx, 'invoice', opts.clock ?? systemClock);
  const issuedOn = todayIso(now);
  const number = documentNumber('invoice', seq);
  // Paid at creation: the payment is the order's (possibly earlier) date; paid later: the day it was marked paid.
  const data = invoiceDataOf(row, config, {
    number,
    issuedOn,
    issuedAt: now,
    paymentDate: opts.paidAtCreation ? row.orderDate : issuedOn,
  });
  const [inserted] = await tx
    .insert(invoices)
    .values({
      kind: 'invoice',
      seq,
      number,
      orderId,
      clientId: row.clientId,
      issuedOn,
      issuedAt: now,
      verificationKey: row.verificationKey,
      totalTtc: data.totals.ttc,
      totalHt: data.totals.ht,
      totalTax: data.totals.tax,
      data,
      createdBy: actor.username,
    })
    .returning();
  await writeAudit(tx, actor, {
    action: 'invoice.issue',
    entity: 'order',
    entityId: orderId,
    after: { number, issuedOn, total: data.totals.ttc },
  });
  return inserted!;
}

/** Credit note data: the invoice's client, seller and tax frozen then, for `amount` (TTC) of it. */
function creditNoteDataOf(
  invoice: InvoiceData,
  issue: {
    number: string;
    issuedOn: string;
    issuedAt: Date;
    amount: string;
    reason: string;
  },
): InvoiceData {
  const amounts = splitTax(issue.amount, invoice.taxRate);
  const whole = toCents(issue.amount) === toCents(invoice.totals.ttc);
  const line: DocumentLine = {
    designation: `${whole ? 'Annulation' : 'Remboursement partiel'} : ${invoice.lines[0]?.designation ?? 'abonnement'}`,
    detail: `Facture n° ${invoice.number} du ${formatDate(invoice.issuedOn)}`,
    quantity: 1,
    unitHt: amounts.ht,
    ...amounts,
  };
  return {
    ...invoice,
    kind: 'credit_note',
    number: issue.number,
    issuedOn: issue.issuedOn,
    issuedAt: issue.issuedAt.toISOString(),
    lines: [line],
    totals: amounts,
    gifted: false,
    credited: { number: invoice.number, issuedOn: invoice.issuedOn },
    reason: issue.reason,
  };
}

/** Issues a credit note on an invoice, in the caller's transaction, as its last step (same lock discipline). */
export async function insertCreditNote(
  tx: Tx,
  invoice: InvoiceRow,
  data: InvoiceData,
  amount: string,
  reason: string,
  createdBy: string,
  clock: Clock = systemClock,
): Promise<InvoiceRow> {
  const { seq, issuedAt: now } = await nextSeq(tx, 'credit_note', clock);
  const number = documentNumber('credit_note', seq);
  const issuedOn = todayIso(now);
  const frozen = creditNoteDataOf(data, { number, issuedOn, issuedAt: now, amount, reason });
  const [row] = await tx
    .insert(invoices)
    .values({
      kind: 'credit_note',
      seq,
      number,
      orderId: invoice.orderId,
      invoiceId: invoice.id,
      clientId: invoice.clientId,
      issuedOn,
      issuedAt: now,
      verificationKey: invoice.verificationKey,
      totalTtc: frozen.totals.ttc,
      totalHt: frozen.totals.ht,
      totalTax: frozen.totals.tax,
      data: frozen,
      createdBy,
    })
    .returning();
  return row!;
}
