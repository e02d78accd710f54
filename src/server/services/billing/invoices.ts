import { toCents, todayIso, formatDate } from '#shared/format.ts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Config } from '#server/config.ts';
import type { Tx } from '#server/db/client.ts';
import { clients, invoices, orders } from '#server/db/schema.ts';
import { isGifted } from '#shared/billing/payment-labels.ts';
import { type DocumentKind } from '#shared/billing/billing-labels.ts';
import { devicesLabel, getPlan, type PlanId } from '#shared/plans.ts';
import { writeAudit, type Actor } from '#server/services/security/audit.ts';
import { usernameHint } from '#server/services/clients/credentials.ts';
import type { DocumentLine, InvoiceData } from './invoice-pdf.ts';
import { renderPdfOffThread } from './pdf-renderer.ts';
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

type LegacySnapshot = {
  clientName: string;
  clientEmail: string;
  clientPhone: string;
  plan: PlanId;
  price: string;
  paymentMethod: InvoiceData['paymentMethod'];
  orderDate: string;
  startsOn: string | null;
  endsOn: string | null;
  username: string | null;
};

/**
 * The frozen data of a document. Invoices issued before documents were frozen hold a snapshot of their order taken
 * by the migration; the settings of their first rendering complete it, and it is stored then (never again).
 */
export function documentData(
  row: Pick<InvoiceRow, 'data' | 'number' | 'orderId' | 'issuedOn' | 'issuedAt' | 'verificationKey'>,
  config: Config,
): InvoiceData {
  const stored = row.data as InvoiceData | { legacy: LegacySnapshot };
  if (!('legacy' in stored)) return stored;
  const l = stored.legacy;
  return invoiceDataOf(
    {
      id: row.orderId,
      clientId: null,
      clientName: l.clientName,
      clientEmail: l.clientEmail,
      clientPhone: l.clientPhone,
      plan: l.plan,
      price: l.price,
      paymentMethod: l.paymentMethod,
      orderDate: l.orderDate,
      startsOn: l.startsOn,
      endsOn: l.endsOn,
      verificationKey: row.verificationKey,
      username: l.username,
    },
    { ...config, INVOICE_TAX_RATE: 0 },
    { number: row.number, issuedOn: row.issuedOn, issuedAt: row.issuedAt, paymentDate: l.orderDate },
  );
}

/**
 * The PDF of an issued document: the stored bytes, or (once, right after issue or for an invoice migrated from
 * before) rendered from the frozen data and stored, so every later download is the same file.
 */
export async function ensureDocumentPdf(db: Tx, config: Config, row: InvoiceRow): Promise<Buffer> {
  if (row.pdf) return row.pdf;
  const data = documentData(row, config);
  const pdf = await renderPdfOffThread(data);
  // Two first downloads at once: the first stored copy wins (both rendered the same bytes from the same data). Stored
  // now: the bytes are ours, not read back (the e-mail worker stores one per paid order).
  const [stored] = await db
    .update(invoices)
    .set({ pdf, data })
    .where(and(eq(invoices.id, row.id), sql`${invoices.pdf} is null`))
    .returning({ id: invoices.id });
  if (stored) return pdf;
  const [again] = await db.select({ pdf: invoices.pdf }).from(invoices).where(eq(invoices.id, row.id));
  return again?.pdf ?? pdf;
}

/** 'Facture_00000012_Élodie Bérénger.pdf' / 'Avoir_AV-00000001_….pdf' (the archive's and the download's name). */
function documentFileName(row: Pick<InvoiceRow, 'kind' | 'number'>, clientName: string): string {
  return `${row.kind === 'credit_note' ? 'Avoir' : 'Facture'}_${row.number}_${clientName}.pdf`.replace(
    /[\r\n"\\/]/g,
    ' ',
  );
}

/** The file name with an ASCII fallback for old clients and the UTF-8 name per RFC 5987/6266. */
export function documentContentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The invoice of an order, if one was issued (a pending order has none). */
export async function orderInvoice(db: Tx, orderId: number): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')));
  return row;
}

export async function loadDocument(db: Tx, id: number): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row;
}

/** A document's download: its stored PDF and its file name (with the frozen client name). */
export async function documentPdf(db: Tx, config: Config, row: InvoiceRow): Promise<{ fileName: string; pdf: Buffer }> {
  const pdf = await ensureDocumentPdf(db, config, row);
  return { fileName: documentFileName(row, documentData(row, config).client.name), pdf };
}
