import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { subscriptionListQuery, subscriptionSchema } from '../../../shared/admin-api';
import { todayIso } from '../../../shared/format';
import { listSubscriptions } from '../../services/orders/subscriptions';
import { ANY_STAFF } from './roles';
import { sendPage } from '../list-reply';

export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/subscriptions', {
    config: ANY_STAFF, schema: { querystring: subscriptionListQuery, response: { 200: z.array(subscriptionSchema) } },
  }, async (request, reply) =>
    sendPage(reply, await listSubscriptions(app.db, { ...request.query, today: todayIso(app.clock()) })));
};
