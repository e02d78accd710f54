import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FORGOT_PASSWORD_SENT, forgotPasswordSchema, resetPasswordSchema } from '../../../shared/client-api';
import { messageReply, okSchema } from '../../../shared/schemas/query';
import { resetPassword } from '../../services/password-reset';

/** Per IP: a person who mistypes retries a few times; a script asking for every address is stopped. */
const FORGOT_LIMIT = { max: 5, timeWindow: '15 minutes' };
/** The token has 256 bits, so this only stops noise; a mistyped new password costs one try. */
const RESET_LIMIT = { max: 20, timeWindow: '15 minutes' };

/**
 * « Mot de passe oublié » (public, under /api/auth): the link is e-mailed, the same answer goes to everyone, after the
 * same work for everyone (one job queued): looking the account up in the request would tell, by the delay, that it
 * exists (services/password-reset.ts).
 */
export const clientPasswordResetRoutes: FastifyPluginAsyncZod = async (app) => {

  app.post('/auth/forgot-password', {
    config: { rateLimit: FORGOT_LIMIT },
    schema: { body: forgotPasswordSchema, response: { 200: messageReply } },
  }, async (request) => {
    await app.passwordResets.ask(request.body.email);
    return { message: FORGOT_PASSWORD_SENT };
  });

  app.post('/auth/reset-password', {
    config: { rateLimit: RESET_LIMIT },
    schema: { body: resetPasswordSchema, response: { 200: okSchema } },
  }, async (request) => {
    await resetPassword(app.db, request.body.token, request.body.newPassword);
    return { ok: true as const };
  });
};
