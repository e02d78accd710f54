import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { helpSolvedInputSchema } from '#shared/help/help-api.ts';
import { okSchema } from '#shared/common/query.ts';
import { RATE_LIMITS } from '#server/rate-limits.ts';
import { recordAnswer } from '#server/services/help/reader-answers.ts';

/**
 * « Cela a résolu mon problème »: an article suggested while the client wrote a request answered it, and no request
 * was sent. Counted for the article (staff read it as a question answered without a technician).
 */
export const clientHelpRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/client/help/solved',
    {
      config: { rateLimit: RATE_LIMITS.helpAnswer },
      schema: { body: helpSolvedInputSchema, response: { 201: okSchema } },
    },
    async (request, reply) => {
      await recordAnswer(app.db, request.body.slug, 'solved');
      return reply.status(201).send({ ok: true });
    },
  );
};
