import { z } from '#shared/common/zod.ts';
import { PAYMENT_STATUSES } from './payment-labels.ts';

// X from an alphabet without 0/O, 1/I/L so a key read aloud or on paper is not mistaken.
export const KEY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const VERIFICATION_KEY = /^RFS-[A-HJKMNP-Z2-9]{6}-\d{4}$/;

export const verificationKeySchema = z
  .string({ error: 'Veuillez saisir une clé de vérification' })
  .trim()
  .min(1, 'Veuillez saisir une clé de vérification')
  .transform((s) => s.toUpperCase())
  .refine((s) => VERIFICATION_KEY.test(s), 'Format de clé invalide (RFS-XXXXXX-AAAA)');

/** GET /api/verify-invoice/:key */
export const verificationParams = z.object({ key: verificationKeySchema });

/**
 * What /verify-invoice answers for any order's key. First the fields docs/specification.md §7 names, for the order:
 * `id`, `orderDate`, `clientName`, `price`, `plan` (its display name) and `paymentStatus`. Then its invoice once issued
 * (when paid), only what the paper invoice already shows: `number`, `issuedOn`, `total`, and whether credit notes
 * (avoirs) cancelled it since: `status` 'cancelled' when they cancel it in full, 'credited' in part, 'valid' otherwise,
 * and 'not_issued' while there is no invoice (the four invoice fields null); `statusLabel` says it in French
 * ('En attente', 'Valide', 'Annulée par l'avoir AV-00000001 du 23/11/2026').
 */
export const invoiceVerificationSchema = z.object({
  id: z.number().int(),
  orderDate: z.string(),
  /** as printed on the invoice once issued, else as on the order */
  clientName: z.string(),
  /** TTC, '0.00' for a gifted subscription */
  price: z.string(),
  plan: z.string(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  number: z.string().nullable(),
  issuedOn: z.string().nullable(),
  total: z.string().nullable(),
  status: z.enum(['not_issued', 'valid', 'credited', 'cancelled']),
  statusLabel: z.string(),
  creditNotes: z.array(z.object({ number: z.string(), issuedOn: z.string(), total: z.string() })),
});
export type InvoiceVerification = z.infer<typeof invoiceVerificationSchema>;
