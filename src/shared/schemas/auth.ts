import { z } from '#shared/common/zod.ts';
import { isPrintable } from '#shared/common/fields.ts';

const required = (message: string) => z.string({ error: message }).min(1, message).max(200, message);
// Trim before the minimum, so an identifier of spaces counts as missing (a password is kept as typed).
const requiredTrimmed = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(200, message).refine(isPrintable, message);

export const adminLoginInputSchema = z.object({
  username: requiredTrimmed("Le nom d'utilisateur est requis"),
  password: required('Le mot de passe est requis'),
});
export type AdminLoginInput = z.input<typeof adminLoginInputSchema>;

export const unlockInputSchema = z.object({ code: required('Le code secret est requis') });

/** Client login: `email` carries the username or the e-mail (docs/decisions/029). */
export const clientLoginInputSchema = z.object({
  email: requiredTrimmed('Veuillez remplir tous les champs'),
  password: required('Veuillez remplir tous les champs'),
});
export type ClientLoginInput = z.input<typeof clientLoginInputSchema>;

/**
 * POST /api/client/login: the client area's form names the field `username` (docs/specification.md §7); `email` is read
 * as well.
 */
export const clientAreaLoginInputSchema = z.preprocess((body) => {
  if (!body || typeof body !== 'object') return body;
  const { username, email, password } = body as Record<string, unknown>;
  return { email: username ?? email, password };
}, clientLoginInputSchema);
