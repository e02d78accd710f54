import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listAudit } from '../../services/audit';
import { pageQuery, parseQuery } from './params';

const auditQuery = pageQuery.extend({
  entity: z.string({ error: 'Paramètre entity invalide' }).trim().max(40, 'Paramètre entity invalide').optional(),
  entityId: z.string({ error: 'Paramètre entityId invalide' }).trim().max(40, 'Paramètre entityId invalide').optional(),
});

export async function auditRoutes(app: FastifyInstance) {
  app.get('/audit', async (request) => listAudit(app.db, parseQuery(auditQuery, request.query)));
}
