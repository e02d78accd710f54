import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerListQuery, customerSchema } from '../../../shared/admin-api';
import { listCustomers } from '../../services/orders/customers';
import { ADMIN_ONLY } from './roles';
import { sendPage } from '../list-reply';

export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/users', { config: ADMIN_ONLY, schema: { querystring: customerListQuery, response: { 200: z.array(customerSchema) } } },
    async (request, reply) => sendPage(reply, await listCustomers(app.db, request.query)));
};
