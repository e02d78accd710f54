import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { OutboxMessageDto } from '../../../shared/admin-api';
import { MAIL_STATUSES } from '../../../shared/labels';
import { listOutbox, resendMail } from '../../services/mail/outbox';
import { ADMIN_ONLY } from './roles';
import { pageQuery, parseId, parseQuery, sendPage } from './params';

const outboxQuery = pageQuery.extend({
  status: z.enum(MAIL_STATUSES, { error: 'Statut invalide' }).optional(),
});

/** « Courriels »: every message and its fate; recipients and invoices are an admin's business. */
export async function outboxRoutes(app: FastifyInstance) {
  app.get('/outbox', { config: ADMIN_ONLY }, async (request, reply) =>
    sendPage(reply, await listOutbox(app.db, parseQuery(outboxQuery, request.query))));

  app.post('/outbox/:id/resend', { config: ADMIN_ONLY }, async (request): Promise<OutboxMessageDto> =>
    resendMail(app.db, app.jobs, parseId(request.params), request.staff));
}
