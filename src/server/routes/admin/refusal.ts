import type { FastifyInstance } from 'fastify';
import { registrationRefusalSchema, type RequestDto } from '../../../shared/admin-api';
import { parseInput } from '../../http-error';
import { refuseRegistration } from '../../services/registration-refusal';
import { ANY_STAFF } from './roles';
import { parseId } from './params';

/** « Refuser » on a registration in « Messages »: whoever may validate one may refuse it. */
export async function refusalRoutes(app: FastifyInstance) {
  app.post('/contacts/:id/refuse', { config: ANY_STAFF }, async (request): Promise<RequestDto> => {
    const id = parseId(request.params);
    const { reason } = parseInput(registrationRefusalSchema, request.body);
    return refuseRegistration(app.db, app.mail, id, reason, request.staff);
  });
}
