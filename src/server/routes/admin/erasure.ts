import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refusalInputSchema, inboxItemSchema } from '#shared/inbox/inbox-api.ts';
import { idParams } from '#shared/common/query.ts';
import { confirmErasure } from '#server/services/privacy/erasure.ts';
import { refuseInboxItem } from '#server/services/inbox/refusal.ts';
import { ADMIN_ONLY } from './roles.ts';

/**
 * An admin ends a client's erasure request from « Messages » (inside the staff-only scope, audited): by confirming it
 * or by refusing it with a reason. Either way the person is told by e-mail, queued in the same transaction.
 */
export const erasureRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/contacts/:id/erase',
    { config: ADMIN_ONLY, schema: { params: idParams, response: { 200: inboxItemSchema } } },
    async (request) => confirmErasure(app.db, app.mail, request.params.id, request.staff),
  );

  app.post(
    '/contacts/:id/erasure/refuse',
    {
      config: ADMIN_ONLY,
      schema: { params: idParams, body: refusalInputSchema, response: { 200: inboxItemSchema } },
    },
    async (request) =>
      refuseInboxItem(app.db, app.mail, 'erasure', request.params.id, request.body.reason, request.staff),
  );
};
