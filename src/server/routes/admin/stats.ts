import type { FastifyInstance } from 'fastify';
import { statsQuerySchema } from '../../../shared/admin-api';
import { dashboardStats } from '../../services/stats';
import { ADMIN_ONLY } from './roles';
import { parseQuery } from './params';

export async function statsRoutes(app: FastifyInstance) {
  app.get('/stats', { config: ADMIN_ONLY }, async (request) => dashboardStats(app.db, parseQuery(statsQuerySchema, request.query)));
}
