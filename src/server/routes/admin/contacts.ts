import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  registrationValidatedSchema, requestListQuery, requestSchema, requestUpdateInputSchema,
} from '../../../shared/admin-api';
import { idParams } from '../../../shared/schemas/query';
import { listRequests, updateRequestStatus, validateRegistration } from '../../services/inbox/contacts';
import { ANY_STAFF } from './roles';
import { sendPage } from '../list-reply';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/contacts', { config: ANY_STAFF, schema: { querystring: requestListQuery, response: { 200: z.array(requestSchema) } } },
    async (request, reply) => sendPage(reply, await listRequests(app.db, request.query)));

  app.patch('/contacts/:id', {
    config: ANY_STAFF, schema: { params: idParams, body: requestUpdateInputSchema, response: { 200: requestSchema } },
  }, async (request) => updateRequestStatus(app.db, request.params.id, request.body.status, request.staff));

  app.post('/contacts/:id/validate', {
    config: ANY_STAFF, schema: { params: idParams, response: { 200: registrationValidatedSchema } },
  }, async (request) => {
    const result = await validateRegistration(app.db, app.mail, request.params.id, request.staff);
    return { clientId: result.clientId, credentials: result.credentials };
  });
};
