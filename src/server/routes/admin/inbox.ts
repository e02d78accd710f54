import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  registrationValidatedSchema,
  inboxListQuery,
  inboxItemSchema,
  inboxUpdateInputSchema,
} from '#shared/inbox/inbox-api.ts';
import { idParams } from '#shared/common/query.ts';
import { listInboxItems, updateInboxStatus, validateRegistration } from '#server/services/inbox/inbox-items.ts';
import { ANY_STAFF } from './roles.ts';
import { sendPage } from '#server/routes/list-reply.ts';

export const inboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/contacts',
    { config: ANY_STAFF, schema: { querystring: inboxListQuery, response: { 200: z.array(inboxItemSchema) } } },
    async (request, reply) => sendPage(reply, await listInboxItems(app.db, request.query)),
  );

  app.patch(
    '/contacts/:id',
    {
      config: ANY_STAFF,
      schema: { params: idParams, body: inboxUpdateInputSchema, response: { 200: inboxItemSchema } },
    },
    async (request) => updateInboxStatus(app.db, request.params.id, request.body.status, request.staff),
  );

  app.post(
    '/contacts/:id/validate',
    {
      config: ANY_STAFF,
      schema: { params: idParams, response: { 200: registrationValidatedSchema } },
    },
    async (request) => {
      const result = await validateRegistration(app.db, app.mail, request.params.id, request.staff);
      return { clientId: result.clientId, credentials: result.credentials };
    },
  );
};
