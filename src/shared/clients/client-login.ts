// The client's sign-in, on /client/login and on the dashboard's login.
import { z } from '#shared/common/zod.ts';
import { requiredTrimmed, required } from '#shared/common/fields.ts';

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
