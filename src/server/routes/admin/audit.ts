import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditEntrySchema, auditListQuery } from '#shared/security/audit-api.ts';
import { listAudit } from '#server/services/security/audit.ts';
import { sendPage } from '#server/routes/list-reply.ts';
import { ADMIN_ONLY } from './roles.ts';

/** « Journal » (admins): read only. No route edits or deletes an entry (docs/security.md). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    { config: ADMIN_ONLY, schema: { querystring: auditListQuery, response: { 200: z.array(auditEntrySchema) } } },
    async (request, reply) => sendPage(reply, await listAudit(app.db, request.query)),
  );
};
