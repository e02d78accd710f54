import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientOrderSchema } from '#shared/orders/order-api.ts';
import { currentSubscriptionSchema } from '#shared/subscriptions/subscription-api.ts';
import { SUBSCRIBE_UNAUTHORIZED, pendingOrderInputSchema } from '#shared/orders/pending-order-api.ts';
import { smallJsonReply } from '#server/http-schema.ts';
import { placePendingOrder } from '#server/services/orders/pending-orders.ts';

/** The dashboard's subscription card, and a client's request for a plan (signed-in scope). */
export const clientSubscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  // Read with the session, in one statement (config.clientSubscription). JSON null without a running subscription
  // (not an empty body, which would not parse on the page).
  app.get(
    '/subscriptions/current',
    { ...smallJsonReply(currentSubscriptionSchema.nullable()), config: { clientSubscription: true } },
    async (request) => request.clientSubscription,
  );

  // docs/specification.md §6 words this route's 401 its own way.
  app.post(
    '/subscriptions',
    {
      config: { clientUnauthorized: SUBSCRIBE_UNAUTHORIZED },
      schema: { body: pendingOrderInputSchema, response: { 201: clientOrderSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await placePendingOrder(app.db, request.clientSession.clientId, request.body)),
  );
};
