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

export type InvoiceVerification = {
  id: number;
  orderDate: string;
  clientName: string;
  price: string;
  plan: string;
  paymentStatus: string;
};
