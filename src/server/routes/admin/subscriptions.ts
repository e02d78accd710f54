import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { todayIso } from '../../../shared/format';
import { SUBSCRIPTION_STATES } from '../../../shared/labels';
import { listSubscriptions } from '../../services/subscriptions';
import { ANY_STAFF } from './roles';
import { pageQuery, parseQuery, sendPage } from './params';

const subscriptionQuery = pageQuery.extend({
  active: z.enum(['true', 'false'], { error: 'Paramètre active invalide' }).optional().transform((v) => (v === undefined ? undefined : v === 'true')),
  state: z.enum(SUBSCRIPTION_STATES, { error: 'État d’abonnement invalide' }).optional(),
});

export async function subscriptionRoutes(app: FastifyInstance) {
  app.get('/subscriptions', { config: ANY_STAFF }, async (request, reply) => {
    const query = parseQuery(subscriptionQuery, request.query);
    return sendPage(reply, await listSubscriptions(app.db, { ...query, today: todayIso(app.clock()) }));
  });
}
