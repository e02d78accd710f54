// Issued invoices and credit notes read back: their frozen figures, their PDF (drawn once, then kept), their file name.
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '#server/config.ts';
import type { Tx } from '#server/db/client.ts';
import { invoices } from '#server/db/schema.ts';
import type { PlanId } from '#shared/plans.ts';
import type { InvoiceData } from './invoice-pdf.ts';
import { renderPdfOffThread } from './pdf-renderer.ts';
import type { InvoiceRow } from './invoices.ts';
import { invoiceDataOf } from './invoices.ts';

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
