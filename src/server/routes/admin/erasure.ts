import type { FastifyInstance } from 'fastify';
import type { ErasureConfirmed } from '../../../shared/admin-api';
import { sendWithoutFailing } from '../../services/credentials-mail';
import { confirmErasure, erasureDoneMail } from '../../services/erasure';
import { ADMIN_ONLY } from './roles';
import { parseId } from './params';

/** Staff confirm a client's erasure request from « Messages » (inside the staff-only scope, audited). */
export async function erasureRoutes(app: FastifyInstance) {
  app.post('/contacts/:id/erase', { config: ADMIN_ONLY }, async (request): Promise<ErasureConfirmed> => {
    const done = await confirmErasure(app.db, parseId(request.params), request.staff);
    // After the commit, to the address the database no longer holds: the person learns it is done.
    await sendWithoutFailing(app.mailer, request.log, erasureDoneMail(app.config, done.former));
    return done.request;
  });
}
