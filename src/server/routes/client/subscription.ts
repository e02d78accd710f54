import type { FastifyInstance } from 'fastify';
import { requireClient } from '../../plugins/auth';
import { currentSubscription } from '../../services/client-interventions';

/** GET /api/subscriptions/current: the dashboard's subscription card (JSON null without a running subscription). */
export async function clientSubscriptionRoutes(app: FastifyInstance) {
  app.decorateRequest('clientSession', null as never);
  app.addHook('onRequest', requireClient('Unauthorized'));

  app.get('/subscriptions/current', async (request, reply) => {
    const subscription = await currentSubscription(app.db, request.clientSession.clientId);
    // Sent as the JSON text `null`: an empty body would not parse on the page.
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(subscription));
  });
}
