import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestSchema } from '../../../shared/admin-api';
import { idParams } from '../../../shared/schemas/query';
import { confirmErasure } from '../../services/erasure';
import { ADMIN_ONLY } from './roles';

/** Staff confirm a client's erasure request from « Messages » (inside the staff-only scope, audited). */
export const erasureRoutes: FastifyPluginAsyncZod = async (app) => {
  // The person is told by e-mail, queued in the erasure's transaction.
  app.post('/contacts/:id/erase', { config: ADMIN_ONLY, schema: { params: idParams, response: { 200: requestSchema } } },
    async (request) => confirmErasure(app.db, app.mail, request.params.id, request.staff));
};
