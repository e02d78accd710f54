import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refusalInputSchema, inboxItemSchema } from '#shared/inbox/inbox-api.ts';
import { idParams } from '#shared/common/query.ts';
import { refuseInboxItem } from '#server/services/inbox/refusal.ts';
import { ANY_STAFF } from './roles.ts';

/** « Refuser » on a registration in « Messages »: whoever may validate one may refuse it. */
export const registrationRefusalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/contacts/:id/refuse',
    {
      config: ANY_STAFF,
      schema: { params: idParams, body: refusalInputSchema, response: { 200: inboxItemSchema } },
    },
    async (request) =>
      refuseInboxItem(app.db, app.mail, 'registration', request.params.id, request.body.reason, request.staff),
  );
};
