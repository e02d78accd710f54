import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isoDate } from '../../../shared/schemas/common';
import { listAudit } from '../../services/audit';
import { pageQuery, parseQuery, sendPage } from './params';
import { ADMIN_ONLY } from './roles';

const filterText = (name: string, max: number) =>
  z.string({ error: `Paramètre ${name} invalide` }).trim().max(max, `Paramètre ${name} invalide`).optional().transform((s) => s || undefined);

const auditQuery = pageQuery.extend({
  entity: filterText('entity', 40),
  entityId: filterText('entityId', 40),
  staffUsername: filterText('staffUsername', 80),
  action: filterText('action', 60),
  from: isoDate.optional(),
  to: isoDate.optional(),
});

/** « Journal » (admins): read only. No route edits or deletes an entry (docs/security.md). */
export async function auditRoutes(app: FastifyInstance) {
  app.get('/audit', { config: ADMIN_ONLY }, async (request, reply) =>
    sendPage(reply, await listAudit(app.db, parseQuery(auditQuery, request.query))));
}
