import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FORGOT_PASSWORD_SENT,
  forgotPasswordInputSchema,
  resetPasswordInputSchema,
} from '#shared/clients/client-api.ts';
import { messageReply, okSchema } from '#shared/common/query.ts';
import { RATE_LIMITS } from '#server/rate-limits.ts';
import { resetPassword } from '#server/services/clients/password-reset.ts';

/**
 * « Mot de passe oublié » (public, under /api/auth): the link is e-mailed, the same answer goes to everyone, after the
 * same work for everyone (one job queued): looking the account up in the request would tell, by the delay, that it
 * exists (services/clients/password-reset.ts).
 */
export const clientPasswordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/forgot-password',
    {
      config: { rateLimit: RATE_LIMITS.forgotPassword },
      schema: { body: forgotPasswordInputSchema, response: { 200: messageReply } },
    },
    async (request) => {
      await app.passwordResets.ask(request.body.email);
      return { message: FORGOT_PASSWORD_SENT };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: { rateLimit: RATE_LIMITS.resetPassword },
      schema: { body: resetPasswordInputSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await resetPassword(app.db, request.body.token, request.body.newPassword);
      return { ok: true as const };
    },
  );
};
