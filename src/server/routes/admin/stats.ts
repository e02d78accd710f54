import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardStatsSchema, statsQueryInputSchema } from '#shared/orders/stats-api.ts';
import { dashboardStats } from '#server/services/orders/stats.ts';
import { ADMIN_ONLY } from './roles.ts';

export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stats',
    { config: ADMIN_ONLY, schema: { querystring: statsQueryInputSchema, response: { 200: dashboardStatsSchema } } },
    async (request) => dashboardStats(app.db, request.query),
  );
};
