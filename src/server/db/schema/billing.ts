// Invoices and credit notes, frozen when issued.
import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { DOCUMENT_KINDS } from '#shared/billing/billing-labels.ts';
import { orders } from './orders.ts';
import { clients } from './clients.ts';
import { bytea } from './columns.ts';

export const documentKindEnum = pgEnum('document_kind', DOCUMENT_KINDS);

/**
 * Issued invoices and credit notes (docs/decisions/031 and 032), frozen at issue: what is printed lives in `data`
 * (seller, client, lines, amounts, tax, period, payment, key) and the rendered PDF in `pdf`, so neither a later edit
 * of the order nor a new configuration can change a document already issued. One table with a kind rather than two:
 * both are the same frozen document with the same columns, read by the same PDF, download and backup code; each kind
 * still has its own gap-free series (`seq`, unique per kind, taken under a transaction lock, services/billing/invoices.ts).
 * Never updated (except `pdf`, filled once after issue) and never deleted.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    kind: documentKindEnum('kind').notNull(),
    /** the series' own number: 1, 2, 3… without gaps, in issue order */
    seq: integer('seq').notNull(),
    /** as printed: '00000042' for an invoice, 'AV-00000003' for a credit note */
    number: text('number').notNull().unique(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    /** a credit note: the invoice it cancels in whole or in part */
    invoiceId: integer('invoice_id'),
    /** the client account it belongs to (their « Factures » list); null for an order without an account */
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    /** the calendar day of issue in Europe/Paris: never the (possibly back-dated) order date */
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    verificationKey: text('verification_key').notNull(),
    /** all taxes included; a credit note's amount is positive (it is a credit note) */
    totalTtc: numeric('total_ttc', { precision: 10, scale: 2 }).notNull(),
    totalHt: numeric('total_ht', { precision: 10, scale: 2 }).notNull(),
    totalTax: numeric('total_tax', { precision: 10, scale: 2 }).notNull(),
    /** everything printed, as rendered (services/billing/invoice-pdf.ts InvoiceData) */
    data: jsonb('data').notNull(),
    /** the PDF as issued; null only between the commit of the issue and its first rendering (then stored once) */
    pdf: bytea('pdf'),
    createdBy: text('created_by').notNull(),
    /** a credit note refunded to the card through the provider: its refund (re_…) and the status it answered */
    refundId: text('refund_id'),
    refundStatus: text('refund_status'),
  },
  (t) => [
    uniqueIndex('invoices_kind_seq_idx').on(t.kind, t.seq),
    // one invoice per order; credit notes are many
    uniqueIndex('invoices_one_per_order_idx')
      .on(t.orderId)
      .where(sql`${t.kind} = 'invoice'`),
    index('invoices_order_idx').on(t.orderId),
    index('invoices_client_idx').on(t.clientId),
    index('invoices_key_idx').on(t.verificationKey),
    index('invoices_issued_on_idx').on(t.issuedOn),
  ],
);
