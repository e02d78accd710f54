import type { FastifyInstance } from 'fastify';
import type { ErasureConfirmed } from '../../../shared/admin-api';
import { confirmErasure } from '../../services/erasure';
import { ADMIN_ONLY } from './roles';
import { parseId } from './params';

/** Staff confirm a client's erasure request from « Messages » (inside the staff-only scope, audited). */
export async function erasureRoutes(app: FastifyInstance) {
  app.post('/contacts/:id/erase', { config: ADMIN_ONLY }, async (request): Promise<ErasureConfirmed> => {
    // The person is told by e-mail, queued in the erasure's transaction.
    return confirmErasure(app.db, app.mail, parseId(request.params), request.staff);
  });
}
