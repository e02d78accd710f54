// Issued invoices and credit notes as the back-office and the client area see them (docs/decisions/031 and 032).
import { z } from '#shared/common/zod.ts';
import { DOCUMENT_KINDS } from './billing-labels.ts';
import { optionalText } from '#shared/common/fields.ts';
import { formatEuro, toCents } from '#shared/format.ts';

/**
 * An issued invoice or credit note as listed with its order (staff and client). Its PDF:
 * GET /api/admin/documents/:id/pdf, or GET /api/client/documents/:id/pdf for the client's own.
 */
const issuedDocumentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(DOCUMENT_KINDS),
  number: z.string(),
  issuedOn: z.string(),
  totalTtc: z.string(),
  /** staff only: a credit note refunded to the card through the provider, its refund's reference and status */
  refund: z.object({ id: z.string(), status: z.string() }).nullable().optional(),
});
export type IssuedDocumentDto = z.infer<typeof issuedDocumentSchema>;

/** What every order the back-office reads carries besides OrderDto (list, detail, PATCH and credit-note answers). */
export const orderDocumentsFields = {
  /** its invoice (issued when paid) then its credit notes, in issue order; none while pending */
  documents: z.array(issuedDocumentSchema),
  /** what a credit note may still cancel, '0.00' once fully credited; null without an invoice */
  creditable: z.string().nullable(),
};
export type OrderDocuments = z.infer<z.ZodObject<typeof orderDocumentsFields>>;

const AMOUNT_REQUIRED = 'Saisissez le montant de l’avoir';
const AMOUNT_INVALID = 'Montant invalide : un nombre en euros, par exemple 12,50';
const AMOUNT_POSITIVE = 'Le montant doit être supérieur à 0 €';

/** '12,50', '12.5' or '12' → '12.50'; anything else stays as typed (and fails the rule below). */
const euros = z
  .string({ error: AMOUNT_REQUIRED })
  .trim()
  .min(1, AMOUNT_REQUIRED)
  .transform((s) => s.replace(/\s|€/g, '').replace(',', '.'))
  .refine((s) => /^\d{1,7}(\.\d{1,2})?$/.test(s), AMOUNT_INVALID)
  .transform((s) => Number(s).toFixed(2))
  .refine((s) => Number(s) > 0, AMOUNT_POSITIVE);

/**
 * POST /api/admin/manual-orders/:id/credit-notes → 201 OrderDto: a credit note (avoir) on the order's invoice, for all
 * or part of what is left of it (over that: 400 under `amount`, nothing written). Cancelling it in full cancels the order.
 * `refund`: the credit note's amount is also refunded to the card through the provider (orders paid « Carte (en ligne) »
 * only; 400 NOT_REFUNDABLE otherwise, 502 PROVIDER_UNAVAILABLE and nothing written when the provider refuses).
 */
export const creditNoteInputSchema = z.object({
  amount: euros,
  reason: optionalText(200),
  refund: z.boolean().default(false),
});
export type CreditNoteInput = z.input<typeof creditNoteInputSchema>;
export type CreditNoteValues = z.output<typeof creditNoteInputSchema>;

export const creditNoteOverMessage = (remaining: string) =>
  `Le montant dépasse ce qui reste à créditer sur cette facture (${formatEuro(remaining)})`;

/** The form's rule: the same schema, with what is left of the invoice known (the server checks it again in its transaction). */
export function creditNoteFormSchema(remaining: string) {
  return creditNoteInputSchema.refine((v) => toCents(v.amount) <= toCents(remaining), {
    message: creditNoteOverMessage(remaining),
    path: ['amount'],
  });
}
