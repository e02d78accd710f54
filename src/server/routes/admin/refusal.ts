import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refusalInputSchema, requestSchema } from '../../../shared/admin-api';
import { idParams } from '../../../shared/schemas/query';
import { refuseRequest } from '../../services/inbox/refusal';
import { ANY_STAFF } from './roles';

/** « Refuser » on a registration in « Messages »: whoever may validate one may refuse it. */
export const refusalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/contacts/:id/refuse', {
    config: ANY_STAFF, schema: { params: idParams, body: refusalInputSchema, response: { 200: requestSchema } },
  }, async (request) => refuseRequest(app.db, app.mail, 'registration', request.params.id, request.body.reason, request.staff));
};
