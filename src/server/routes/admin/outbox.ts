import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outboxListQuery, outboxMessageSchema } from '#shared/mail/outbox-api.ts';
import { idParams } from '#shared/common/query.ts';
import { listOutbox, resendMail } from '#server/services/mail/outbox.ts';
import { ADMIN_ONLY } from './roles.ts';
import { sendPage } from '#server/routes/list-reply.ts';

/** « Courriels »: every message and its fate; recipients and invoices are an admin's business. */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/outbox',
    {
      config: ADMIN_ONLY,
      schema: { querystring: outboxListQuery, response: { 200: z.array(outboxMessageSchema) } },
    },
    async (request, reply) => sendPage(reply, await listOutbox(app.db, request.query)),
  );

  app.post(
    '/outbox/:id/resend',
    {
      config: ADMIN_ONLY,
      schema: { params: idParams, response: { 200: outboxMessageSchema } },
    },
    async (request) => resendMail(app.db, app.jobs, request.params.id, request.staff),
  );
};
