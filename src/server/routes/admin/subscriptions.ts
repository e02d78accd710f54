import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { todayIso } from '../../../shared/format';
import { listSubscriptions } from '../../services/subscriptions';
import { ANY_STAFF } from './roles';
import { pageQuery, parseQuery, sendPage } from './params';

const subscriptionQuery = pageQuery.extend({
  active: z.enum(['true', 'false'], { error: 'Paramètre active invalide' }).optional().transform((v) => (v === undefined ? undefined : v === 'true')),
});

export async function subscriptionRoutes(app: FastifyInstance) {
  app.get('/subscriptions', { config: ANY_STAFF }, async (request, reply) => {
    const query = parseQuery(subscriptionQuery, request.query);
    return sendPage(reply, await listSubscriptions(app.db, { ...query, today: todayIso() }));
  });
}
