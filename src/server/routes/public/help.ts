import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  helpFeedbackInputSchema,
  helpSearchQuery,
  helpSearchResultSchema,
  helpSlugParams,
} from '#shared/help/help-api.ts';
import { okSchema } from '#shared/common/query.ts';
import { RATE_LIMITS } from '#server/rate-limits.ts';
import { askArticles, searchArticles } from '#server/services/help/search.ts';
import { recordAnswer } from '#server/services/help/reader-answers.ts';

/** The help centre's search (while typing, or a question asked) and « Cet article vous a-t-il aidé ? ». */
export const helpRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/help/search',
    {
      // Searching while typing reads only; a question asked keeps its miss, and that is what is counted.
      config: { rateLimit: { ...RATE_LIMITS.helpAsked, allowList: (request) => !hasAsked(request.query) } },
      schema: { querystring: helpSearchQuery, response: { 200: z.array(helpSearchResultSchema) } },
    },
    async (request) => {
      const { q, asked } = request.query;
      return asked ? askArticles(app.db, q) : searchArticles(app.db, q);
    },
  );

  app.post(
    '/help/articles/:slug/feedback',
    {
      config: { rateLimit: RATE_LIMITS.helpAnswer },
      schema: { params: helpSlugParams, body: helpFeedbackInputSchema, response: { 201: okSchema } },
    },
    async (request, reply) => {
      await recordAnswer(app.db, request.params.slug, request.body.answer);
      return reply.status(201).send({ ok: true });
    },
  );
};

const hasAsked = (query: unknown) => typeof query === 'object' && query !== null && 'asked' in query;
