import type { FastifyInstance } from 'fastify';
import { currentSubscriptionSchema, SUBSCRIBE_UNAUTHORIZED, subscriptionRequestSchema } from '../../../shared/client-api';
import { parseInput } from '../../http-error';
import { smallJsonReply } from '../../http-schema';
import { requestSubscription } from '../../services/subscription-requests';

/** The dashboard's subscription card, and a client's request for a plan (signed-in scope). */
export async function clientSubscriptionRoutes(app: FastifyInstance) {

  // Read with the session, in one statement (config.clientSubscription). JSON null without a running subscription
  // (not an empty body, which would not parse on the page).
  app.get('/subscriptions/current', { ...smallJsonReply(currentSubscriptionSchema.nullable()), config: { clientSubscription: true } },
    async (request) => request.clientSubscription);

  // SPEC §6 words this route's 401 its own way.
  app.post('/subscriptions', { config: { clientUnauthorized: SUBSCRIBE_UNAUTHORIZED } }, async (request, reply) => {
    const { planId } = parseInput(subscriptionRequestSchema, request.body);
    return reply.status(201).send(await requestSubscription(app.db, request.clientSession.clientId, planId));
  });
}
