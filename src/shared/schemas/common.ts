import { z } from './zod';

/** Trimmed text with a French message for a minimum and a generous maximum (nobody types 10,000 characters). */
export function text(min: number, message: string, max = 200) {
  return z
    .string({ error: message })
    .trim()
    .min(min, message)
    .max(max, `Ce champ ne peut pas dépasser ${max} caractères`);
}

export function optionalText(max = 200) {
  return z
    .string({ error: 'Ce champ doit être un texte' })
    .trim()
    .max(max, `Ce champ ne peut pas dépasser ${max} caractères`)
    .optional()
    .default('');
}

export function email(message: string) {
  return z
    .string({ error: message })
    .trim()
    .max(254, message)
    .pipe(z.email({ error: message }));
}

/** A real calendar day as YYYY-MM-DD (2025-02-30 is refused); one check, so one message under the field. */
export const isoDate = z
  .string({ error: 'Date invalide' })
  .refine((s) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
  }, 'Date invalide');

/** The error body every API failure sends. */
export type ApiError = { message: string; code?: string; fieldErrors?: Record<string, string[]> };
