import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminCountsSchema } from '#shared/staff/admin-counts.ts';
import { adminCounts } from '#server/services/page-reads/admin-counts.ts';
import { ANY_STAFF } from './roles.ts';

/** The navigation's figures: every member sees those of their tabs (docs/decisions/039). */
export const countRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/counts', { config: ANY_STAFF, schema: { response: { 200: adminCountsSchema } } }, async (request) =>
    adminCounts(app.db, request.staff.role),
  );
};
