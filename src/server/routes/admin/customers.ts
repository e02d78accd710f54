import type { FastifyInstance } from 'fastify';
import { listCustomers } from '../../services/customers';
import { ADMIN_ONLY } from './roles';
import { pageQuery, parseQuery, sendPage } from './params';

export async function customerRoutes(app: FastifyInstance) {
  app.get('/users', { config: ADMIN_ONLY }, async (request, reply) => sendPage(reply, await listCustomers(app.db, parseQuery(pageQuery, request.query))));
}
