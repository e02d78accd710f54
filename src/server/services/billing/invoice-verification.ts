import { toCents, formatDate, formatEuro } from '#shared/format.ts';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client.ts';
import { keptStatement } from '#server/db/pglite-plans.ts';
import { invoices, orders } from '#server/db/schema.ts';
import { getPlan } from '#shared/plans.ts';
import { PAYMENT_STATUS_LABELS } from '#shared/billing/payment-labels.ts';
import type { InvoiceVerification } from '#shared/billing/invoice-verification.ts';

const notes = alias(invoices, 'credit_notes');

/** 'Annulée par l'avoir AV-00000001 du 23/11/2026', or the partial credit notes, or 'Valide'. */
function verificationStatus(
  total: string,
  creditNotes: InvoiceVerification['creditNotes'],
): { status: 'valid' | 'credited' | 'cancelled'; statusLabel: string } {
  if (!creditNotes.length) return { status: 'valid', statusLabel: 'Valide' };
  const list = creditNotes.map((n) => `${n.number} du ${formatDate(n.issuedOn)}`).join(', ');
  const by = creditNotes.length > 1 ? 'les avoirs' : "l'avoir";
  const credited = creditNotes.reduce((sum, n) => sum + toCents(n.total), 0);
  if (credited >= toCents(total)) return { status: 'cancelled', statusLabel: `Annulée par ${by} ${list}` };
  return { status: 'credited', statusLabel: `Valide, réduite de ${formatEuro(credited / 100)} par ${by} ${list}` };
}

/**
 * The public check behind /verify-invoice, for any order's key (docs/specification.md §7): one prepared statement on
 * the order key's unique index, prepared once per database (its plan kept on PGlite too, db/pglite-plans.ts). It reads
 * the order, and its issued (frozen) invoice and credit notes when paid; a pending order has no invoice yet and answers
 * « En attente ».
 */
export function invoiceVerifier(db: Db) {
  const statement = keptStatement(
    db,
    'verify_order_key',
    db
      .select({
        id: orders.id,
        orderDate: orders.orderDate,
        orderClientName: orders.clientName,
        price: orders.price,
        plan: orders.plan,
        paymentStatus: orders.paymentStatus,
        number: invoices.number,
        issuedOn: invoices.issuedOn,
        // frozen at issue; an invoice migrated from before and never rendered since still holds the order's snapshot
        invoiceClientName: sql<
          string | null
        >`coalesce(${invoices.data}#>>'{client,name}', ${invoices.data}#>>'{legacy,clientName}')`,
        total: invoices.totalTtc,
        creditNotes: sql<InvoiceVerification['creditNotes'] | null>`(
      select json_agg(json_build_object('number', ${notes.number}, 'issuedOn', ${notes.issuedOn}, 'total', ${notes.totalTtc}) order by ${notes.id})
      from ${invoices} as ${sql.identifier('credit_notes')} where ${notes.invoiceId} = ${invoices.id} and ${notes.kind} = 'credit_note')`,
      })
      .from(orders)
      .leftJoin(invoices, and(eq(invoices.orderId, orders.id), eq(invoices.kind, 'invoice')))
      .where(eq(orders.verificationKey, sql.placeholder('key')))
      .limit(1),
  );

  return async (key: string): Promise<InvoiceVerification | null> => {
    const [row] = await statement.execute({ key });
    if (!row) return null;
    const { orderClientName, invoiceClientName, ...order } = row;
    const creditNotes = (row.creditNotes ?? []).map((n) => ({ ...n, total: Number(n.total).toFixed(2) }));
    // A failed payment is for staff to act on (decision 12): the public reads the order as still awaiting payment.
    const paymentStatus = row.paymentStatus === 'failed' ? ('pending' as const) : row.paymentStatus;
    const status =
      row.total === null
        ? { status: 'not_issued' as const, statusLabel: PAYMENT_STATUS_LABELS[paymentStatus] }
        : verificationStatus(row.total, creditNotes);
    // The plan's display name ('Pro'), as printed on the invoice.
    return {
      ...order,
      paymentStatus,
      clientName: invoiceClientName ?? orderClientName,
      plan: getPlan(row.plan).name,
      creditNotes,
      ...status,
    };
  };
}
