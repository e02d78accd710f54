import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requestUpdateSchema, type RegistrationValidated } from '../../../shared/admin-api';
import { REQUEST_KINDS, REQUEST_STATUSES } from '../../../shared/labels';
import { parseInput } from '../../http-error';
import { listRequests, updateRequestStatus, validateRegistration } from '../../services/contacts';
import { ANY_STAFF } from './roles';
import { pageQuery, parseId, parseQuery, sendPage } from './params';

const contactListQuery = pageQuery.extend({
  status: z.enum(REQUEST_STATUSES, { error: 'Statut invalide' }).optional(),
  kind: z.enum(REQUEST_KINDS, { error: 'Type de demande invalide' }).optional(),
});

export async function contactRoutes(app: FastifyInstance) {
  app.get('/contacts', { config: ANY_STAFF }, async (request, reply) =>
    sendPage(reply, await listRequests(app.db, parseQuery(contactListQuery, request.query))));

  app.patch('/contacts/:id', { config: ANY_STAFF }, async (request) => {
    const id = parseId(request.params);
    const { status } = parseInput(requestUpdateSchema, request.body);
    return updateRequestStatus(app.db, id, status, request.staff);
  });

  app.post('/contacts/:id/validate', { config: ANY_STAFF }, async (request): Promise<RegistrationValidated> => {
    const result = await validateRegistration(app.db, app.mail, parseId(request.params), request.staff);
    return { clientId: result.clientId, credentials: result.credentials };
  });
}
