import { z } from './zod';

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
 * What /verify-invoice answers: only what the paper invoice already shows, and whether credit notes (avoirs) cancelled
 * it since: `status` 'cancelled' when they cancel it in full, 'credited' in part, else 'valid'; `statusLabel` says it
 * in French ('Annulée par l'avoir AV-00000001 du 23/11/2026').
 */
export const invoiceVerificationSchema = z.object({
  number: z.string(),
  issuedOn: z.string(),
  clientName: z.string(),
  /** TTC, '0.00' for a gifted subscription */
  total: z.string(),
  plan: z.string(),
  status: z.enum(['valid', 'credited', 'cancelled']),
  statusLabel: z.string(),
  creditNotes: z.array(z.object({ number: z.string(), issuedOn: z.string(), total: z.string() })),
});
export type InvoiceVerification = z.infer<typeof invoiceVerificationSchema>;
