// The invoice and the credit note e-mails carry their document: the mail workers ask for it when they send the message.
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { MailDocuments } from '#server/services/mail/delivery.ts';
import type { MailAttachment } from '#server/services/mail/mailer.ts';
import type { MailParams } from '#server/services/mail/mail-params.ts';
import { documentData, ensureDocumentPdf, loadDocument, orderInvoice } from './documents.ts';

type Deps = { db: Db; config: Config };

/** An invoice message: its figures and its PDF, the issued (frozen) invoice of the order, read when it is sent. */
async function withInvoice(deps: Deps, params: MailParams['invoice']) {
  const row = await orderInvoice(deps.db, params.orderId);
  if (!row) throw new Error(`La commande ${params.orderId} n'a pas de facture émise : elle ne peut pas être jointe`);
  const invoice = documentData(row, deps.config);
  const attachment: MailAttachment = {
    filename: `Facture_${row.number}.pdf`,
    content: await ensureDocumentPdf(deps.db, deps.config, row),
    contentType: 'application/pdf',
  };
  const figures = {
    price: invoice.totals.ttc,
    startsOn: invoice.periodStart,
    endsOn: invoice.periodEnd,
    gift: invoice.gifted,
  };
  return { params: { ...params, figures }, attachments: [attachment] };
}

/** A credit note message: the stored PDF of the very credit note it announces. */
async function withCreditNote(deps: Deps, params: MailParams['credit_note']) {
  const row = await loadDocument(deps.db, params.documentId);
  if (!row) throw new Error(`L’avoir ${params.number} est introuvable : il ne peut pas être joint`);
  const attachment: MailAttachment = {
    filename: `Avoir_${row.number}.pdf`,
    content: await ensureDocumentPdf(deps.db, deps.config, row),
    contentType: 'application/pdf',
  };
  return { params, attachments: [attachment] };
}

/** What the mail workers attach to the invoice and credit note messages. */
export function documentMails(deps: Deps): Pick<MailDocuments, 'invoice' | 'credit_note'> {
  return {
    invoice: (params) => withInvoice(deps, params),
    credit_note: (params) => withCreditNote(deps, params),
  };
}
