import type { FastifyInstance } from 'fastify';
import { statsQuerySchema } from '../../../shared/admin-api';
import { dashboardStats } from '../../services/stats';
import { parseQuery } from './params';

export async function statsRoutes(app: FastifyInstance) {
  app.get('/stats', async (request) => dashboardStats(app.db, parseQuery(statsQuerySchema, request.query)));
}
