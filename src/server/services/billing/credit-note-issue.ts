// « Établir un avoir » from the back-office: with or without a refund to the card.
import type { Db } from '#server/db/client.ts';
import type { CreditNoteValues } from '#shared/billing/invoice-api.ts';
import type { Actor } from '#server/services/security/audit.ts';
import { ensureDocumentPdf } from './documents.ts';
import type { InvoiceRow } from './invoices.ts';
import { creditInTransaction, invoiceToCredit } from './credit-notes.ts';
import { refundThenCredit, type CreditDeps } from './refund-intents.ts';

/**
 * « Établir un avoir »: a credit note for all or part of what is left of the order's invoice, e-mailed to the client;
 * its PDF stored after commit. With `refund`, its amount is also refunded to the card through the provider (an order
 * paid online), outside any transaction (refund-intents.ts), and the order, credited in full, becomes « Remboursé ».
 */
export async function issueCreditNote(
  db: Db,
  orderId: number,
  values: CreditNoteValues,
  actor: Actor,
  deps: CreditDeps,
): Promise<InvoiceRow> {
  const note = values.refund
    ? await refundThenCredit(db, orderId, values, actor, deps)
    : await db.transaction(async (tx) =>
        creditInTransaction(tx, {
          orderId,
          invoice: await invoiceToCredit(tx, orderId),
          values,
          actor,
          config: deps.config,
          mail: deps.mail,
          clock: deps.clock,
        }),
      );
  // Committed and e-mailed by now: a PDF that fails to render here is rendered at the first download, rather than
  // telling staff the credit note failed (they would issue it again).
  await ensureDocumentPdf(db, deps.config, note).catch(() => undefined);
  return note;
}
