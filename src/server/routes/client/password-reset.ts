import type { FastifyInstance } from 'fastify';
import { FORGOT_PASSWORD_SENT, forgotPasswordSchema, resetPasswordSchema } from '../../../shared/client-api';
import { parseInput } from '../../http-error';
import { requestPasswordReset, resetPassword } from '../../services/password-reset';

/** Per IP: a person who mistypes retries a few times; a script asking for every address is stopped. */
const FORGOT_LIMIT = { max: 5, timeWindow: '15 minutes' };
/** The token has 256 bits, so this only stops noise; a mistyped new password costs one try. */
const RESET_LIMIT = { max: 20, timeWindow: '15 minutes' };

/**
 * « Mot de passe oublié » (public, under /api/auth): the link is e-mailed, the same answer goes to everyone.
 * The mail is queued, never sent by the request: waiting for the SMTP server would tell, by the delay, that the
 * account exists.
 */
export async function clientPasswordResetRoutes(app: FastifyInstance) {

  app.post('/auth/forgot-password', { config: { rateLimit: FORGOT_LIMIT } }, async (request) => {
    const { email: login } = parseInput(forgotPasswordSchema, request.body);
    await requestPasswordReset(app.db, app.mail, login);
    return { message: FORGOT_PASSWORD_SENT };
  });

  app.post('/auth/reset-password', { config: { rateLimit: RESET_LIMIT } }, async (request) => {
    const { token, newPassword } = parseInput(resetPasswordSchema, request.body);
    await resetPassword(app.db, token, newPassword);
    return { ok: true as const };
  });
}
