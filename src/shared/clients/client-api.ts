// The client's session and account: who is signed in, passwords.

/**
 * The one 401 wording of the client area: the dashboard recognises it (docs/specification.md §6), every page treats it
 * alike.
 */
import { z } from '#shared/common/zod.ts';
import { isoInstant, isPrintable, UNPRINTABLE_MESSAGE } from '#shared/common/fields.ts';
import { newPassword } from '#shared/security/password-rules.ts';

export const CLIENT_UNAUTHORIZED = 'Unauthorized'; // ISO 8601 with time zone

// ---- identity -------------------------------------------------------------------------------------------------

/**
 * GET /api/client/session (docs/specification.md §3 « Client session »): plan is the name of the plan running today, or
 * null.
 */
export const clientSessionSchema = z.object({ name: z.string(), email: z.string(), plan: z.string().nullable() });

/** POST /api/client/login {username,password} and POST /api/auth/login {email,password} (clientLoginInputSchema). */
export const clientLoginResultSchema = clientSessionSchema.extend({ id: z.number().int() });
export type ClientLoginResult = z.infer<typeof clientLoginResultSchema>;

/** GET /api/auth/user: the signed-in client (docs/specification.md §3 « User »). */
export const authUserSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  createdAt: isoInstant,
});
export type AuthUser = z.infer<typeof authUserSchema>;

// ---- self-service ---------------------------------------------------------------------------------------------

/** POST /api/client/password → 200 { ok: true }: every other session of the account ends. Wrong current: 400 on currentPassword. */
export const changePasswordInputSchema = z.object({
  currentPassword: z
    .string({ error: 'Le mot de passe actuel est requis' })
    .min(1, 'Le mot de passe actuel est requis')
    .max(200),
  newPassword,
});
export type ChangePasswordInput = z.input<typeof changePasswordInputSchema>;

/**
 * POST /api/auth/forgot-password → 200 { message: FORGOT_PASSWORD_SENT } whether or not the account exists (429 when
 * asked too often). `email` also takes the username, as the login does: a client who forgot one may know the other.
 */
const FORGOT_LOGIN_REQUIRED = 'Saisissez votre adresse e-mail ou votre identifiant';
export const forgotPasswordInputSchema = z.object({
  email: z
    .string({ error: FORGOT_LOGIN_REQUIRED })
    .trim()
    .min(1, FORGOT_LOGIN_REQUIRED)
    .max(254, 'Adresse e-mail ou identifiant trop long')
    .refine(isPrintable, UNPRINTABLE_MESSAGE),
});
export const FORGOT_PASSWORD_SENT =
  'Si un compte correspond à cette adresse, vous allez recevoir un e-mail avec un lien valable une heure.';

/** POST /api/auth/reset-password → 200 { ok: true }; the link is single-use, valid 1 h, and ends every session. */
export const resetPasswordInputSchema = z.object({
  token: z.string({ error: 'Lien invalide' }).min(1, 'Lien invalide').max(200, 'Lien invalide'),
  newPassword,
});
export const RESET_LINK_INVALID = 'Ce lien n’est plus valable. Demandez un nouveau lien de réinitialisation.';
