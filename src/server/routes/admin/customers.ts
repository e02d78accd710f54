import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerListQuery, customerSchema } from '#shared/orders/customer-api.ts';
import { listCustomers } from '#server/services/orders/customers.ts';
import { ADMIN_ONLY } from './roles.ts';
import { sendPage } from '#server/routes/list-reply.ts';

export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users',
    { config: ADMIN_ONLY, schema: { querystring: customerListQuery, response: { 200: z.array(customerSchema) } } },
    async (request, reply) => sendPage(reply, await listCustomers(app.db, request.query)),
  );
};
