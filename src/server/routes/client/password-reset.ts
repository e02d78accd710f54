import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FORGOT_PASSWORD_SENT, forgotPasswordSchema, resetPasswordSchema } from '../../../shared/client-api';
import { messageReply, okSchema } from '../../../shared/schemas/query';
import { RATE_LIMITS } from '../../rate-limits';
import { requestPasswordReset, resetPassword } from '../../services/password-reset';

/**
 * « Mot de passe oublié » (public, under /api/auth): the link is e-mailed, the same answer goes to everyone.
 * The mail is queued, never sent by the request: waiting for the SMTP server would tell, by the delay, that the
 * account exists.
 */
export const clientPasswordResetRoutes: FastifyPluginAsyncZod = async (app) => {

  app.post('/auth/forgot-password', {
    config: { rateLimit: RATE_LIMITS.forgotPassword },
    schema: { body: forgotPasswordSchema, response: { 200: messageReply } },
  }, async (request) => {
    await requestPasswordReset(app.db, app.mail, request.body.email);
    return { message: FORGOT_PASSWORD_SENT };
  });

  app.post('/auth/reset-password', {
    config: { rateLimit: RATE_LIMITS.resetPassword },
    schema: { body: resetPasswordSchema, response: { 200: okSchema } },
  }, async (request) => {
    await resetPassword(app.db, request.body.token, request.body.newPassword);
    return { ok: true as const };
  });
};
