import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { invoices, manualOrders } from '../db/schema';
import { formatDate, formatEuro } from '../../shared/format';
import { getPlan } from '../../shared/plans';
import type { InvoiceVerification } from '../../shared/schemas/invoice';

const notes = alias(invoices, 'credit_notes');
const cents = (amount: string) => Math.round(Number(amount) * 100);

/** 'Annulée par l'avoir AV-00000001 du 23/11/2026', or the partial credit notes, or 'Valide'. */
function verificationStatus(total: string, creditNotes: InvoiceVerification['creditNotes']): Pick<InvoiceVerification, 'status' | 'statusLabel'> {
  if (!creditNotes.length) return { status: 'valid', statusLabel: 'Valide' };
  const list = creditNotes.map((n) => `${n.number} du ${formatDate(n.issuedOn)}`).join(', ');
  const by = creditNotes.length > 1 ? 'les avoirs' : "l'avoir";
  const credited = creditNotes.reduce((sum, n) => sum + cents(n.total), 0);
  if (credited >= cents(total)) return { status: 'cancelled', statusLabel: `Annulée par ${by} ${list}` };
  return { status: 'credited', statusLabel: `Valide, réduite de ${formatEuro(credited / 100)} par ${by} ${list}` };
}

/**
 * The public check behind /verify-invoice: one prepared statement on the key's index, prepared once per database.
 * It reads the issued (frozen) invoice and its credit notes; a pending order has no invoice yet.
 */
export function invoiceVerifier(db: Db) {
  const statement = db.select({
    number: invoices.number,
    issuedOn: invoices.issuedOn,
    // frozen at issue; an invoice migrated from before and never rendered since still holds the order's snapshot
    clientName: sql<string>`coalesce(${invoices.data}#>>'{client,name}', ${invoices.data}#>>'{legacy,clientName}')`,
    total: invoices.totalTtc,
    plan: manualOrders.plan,
    creditNotes: sql<InvoiceVerification['creditNotes'] | null>`(
      select json_agg(json_build_object('number', ${notes.number}, 'issuedOn', ${notes.issuedOn}, 'total', ${notes.totalTtc}) order by ${notes.id})
      from ${invoices} as ${sql.identifier('credit_notes')} where ${notes.invoiceId} = ${invoices.id} and ${notes.kind} = 'credit_note')`,
  }).from(invoices).innerJoin(manualOrders, eq(manualOrders.id, invoices.orderId))
    .where(and(eq(invoices.verificationKey, sql.placeholder('key')), eq(invoices.kind, 'invoice'))).limit(1).prepare('verify_invoice');

  return async (key: string): Promise<InvoiceVerification | null> => {
    const [row] = await statement.execute({ key });
    if (!row) return null;
    const creditNotes = (row.creditNotes ?? []).map((n) => ({ ...n, total: Number(n.total).toFixed(2) }));
    // The plan's display name ('Pro'), as printed on the invoice.
    return { ...row, plan: getPlan(row.plan).name, creditNotes, ...verificationStatus(row.total, creditNotes) };
  };
}
