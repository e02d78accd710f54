import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { subscriptionListQuery, subscriptionSchema } from '#shared/subscriptions/subscription-api.ts';
import { todayIso } from '#shared/format.ts';
import { listSubscriptions } from '#server/services/subscriptions/subscriptions.ts';
import { ANY_STAFF } from './roles.ts';
import { sendPage } from '#server/routes/list-reply.ts';

export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/subscriptions',
    {
      config: ANY_STAFF,
      schema: { querystring: subscriptionListQuery, response: { 200: z.array(subscriptionSchema) } },
    },
    async (request, reply) =>
      sendPage(reply, await listSubscriptions(app.db, { ...request.query, today: todayIso(app.clock()) })),
  );
};
