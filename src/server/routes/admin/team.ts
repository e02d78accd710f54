import type { FastifyInstance } from 'fastify';
import type { SessionsEnded } from '../../../shared/admin-api';
import {
  staffChangePasswordSchema, staffSetPasswordSchema, teamMemberCreateSchema, teamMemberUpdateSchema, type TeamMemberDto,
} from '../../../shared/schemas/team';
import { parseInput } from '../../http-error';
import {
  changeOwnPassword, createMember, endMemberSessions, listTeam, resetMemberPassword, setPasswordFromLink, updateMember,
} from '../../services/staff-accounts';
import { parseId } from './params';
import { ADMIN_ONLY, ANY_STAFF } from './roles';

const setPasswordLimit = { max: 10, timeWindow: '1 minute' };

/** POST /api/admin/set-password: outside the staff session, the link's single-use token is the proof. */
export async function setPasswordRoutes(app: FastifyInstance) {
  app.post('/set-password', { config: { rateLimit: setPasswordLimit } }, async (request) => {
    const { token, newPassword } = parseInput(staffSetPasswordSchema, request.body);
    return setPasswordFromLink(app.db, token, newPassword, request.ip);
  });
}

/** « Équipe » (admins) and every member's own password. Each change is audited with its before/after. */
export async function teamRoutes(app: FastifyInstance) {
  app.get('/team', { config: ADMIN_ONLY }, async (): Promise<TeamMemberDto[]> => listTeam(app.db));

  app.post('/team', { config: ADMIN_ONLY }, async (request, reply) => {
    const member = await createMember(app.db, app.mail, request.staff, parseInput(teamMemberCreateSchema, request.body));
    return reply.status(201).send(member);
  });

  app.patch('/team/:id', { config: ADMIN_ONLY }, async (request): Promise<TeamMemberDto> =>
    updateMember(app.db, request.staff, parseId(request.params), parseInput(teamMemberUpdateSchema, request.body)));

  app.post('/team/:id/password-link', { config: ADMIN_ONLY }, async (request) => {
    await resetMemberPassword(app.db, app.mail, request.staff, parseId(request.params));
    return { ok: true };
  });

  app.delete('/team/:id/sessions', { config: ADMIN_ONLY }, async (request): Promise<SessionsEnded> =>
    ({ ended: await endMemberSessions(app.db, request.staff, parseId(request.params)) }));

  app.post('/me/password', { config: ANY_STAFF }, async (request): Promise<SessionsEnded> => {
    const { currentPassword, newPassword } = parseInput(staffChangePasswordSchema, request.body);
    return { ended: await changeOwnPassword(app.db, request.staff, currentPassword, newPassword) };
  });
}
