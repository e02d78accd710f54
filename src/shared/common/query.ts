import { z } from './zod.ts';
import { isPrintable } from './fields.ts';

// What every list and every `/:id` route reads from the URL, and the two bare answers many routes share. The server declares these schemas on its routes; the
// pages build their URLs from the same types, so a parameter cannot be renamed on one side only.

/** A PostgreSQL integer's largest value: a larger number is not an id we gave out (and would fail in the database). */
export const MAX_ID = 2_147_483_647;
const BAD_ID = 'Identifiant invalide';

/** ':id' must be a positive integer; anything else is the caller's mistake (400), never a 500 from the database. */
export const idParams = z.object({
  id: z
    .string({ error: BAD_ID })
    .regex(/^\d{1,10}$/, BAD_ID)
    .transform(Number)
    .refine((id) => id >= 1 && id <= MAX_ID, BAD_ID),
});

/** limit (default 50, at most 200), offset and a trimmed search text, shared by every list. */
export const pageQuery = z.object({
  limit: z.coerce
    .number<number>({ error: 'Paramètre limit invalide' })
    .int('Paramètre limit invalide')
    .min(1, 'Paramètre limit invalide')
    .default(50)
    .transform((n) => Math.min(n, 200)),
  offset: z.coerce
    .number<number>({ error: 'Paramètre offset invalide' })
    .int('Paramètre offset invalide')
    .min(0, 'Paramètre offset invalide')
    .max(MAX_ID, 'Paramètre offset invalide')
    .default(0),
  q: z
    .string({ error: 'Recherche invalide' })
    .trim()
    .max(200, 'Recherche trop longue')
    .refine(isPrintable, 'Recherche invalide')
    .optional()
    .transform((s) => s || undefined),
});

/** The `{ ok: true }` answer of an action with nothing else to say (sign-out, password changed, marked read). */
export const okSchema = z.object({ ok: z.literal(true) });

/** The `{ message }` answer of a call whose only news is a sentence for the user. */
export const messageReply = z.object({ message: z.string() });
