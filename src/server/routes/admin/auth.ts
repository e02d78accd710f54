import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adminLoginSchema, unlockSchema } from '../../../shared/schemas/auth';
import type { StaffSession } from '../../../shared/admin-api';
import { HttpError, parseInput } from '../../http-error';
import { clearSessionCookie, setSessionCookie, STAFF_COOKIE } from '../../plugins/auth';
import { authenticateStaff, LOCK_MINUTES } from '../../services/staff-auth';
import { createStaffSession, deleteStaffSession, unlockStaffSession } from '../../services/sessions';

// Per IP, on top of the per-account lockout: slows down guessing across many usernames.
const loginLimit = { max: 20, timeWindow: '1 minute' };
const unlockLimit = { max: 10, timeWindow: '1 minute' };

const toSession = (staff: { username: string; unlocked: boolean }): StaffSession => ({ username: staff.username, unlocked: staff.unlocked });

/** POST /api/admin/login: the one admin route reachable without a staff session. */
export async function staffLoginRoutes(app: FastifyInstance) {
  app.post('/login', { config: { rateLimit: loginLimit } }, async (request, reply) => {
    const { username, password } = parseInput(adminLoginSchema, request.body);
    const result = await authenticateStaff(app.db, username, password);
    if (!result.ok && result.reason === 'locked') {
      throw new HttpError(429, `Trop de tentatives. Réessayez dans ${LOCK_MINUTES} minutes.`, 'LOCKED');
    }
    if (!result.ok) throw new HttpError(401, 'Identifiants incorrects', 'BAD_CREDENTIALS');
    const { token, expiresAt } = await createStaffSession(app.db, result.staff.id);
    setSessionCookie(request, reply, STAFF_COOKIE, token, expiresAt);
    return toSession({ username: result.staff.username, unlocked: false });
  });
}

/** Compared as SHA-256 digests so the comparison takes the same time whatever the code's length. */
function codeMatches(request: FastifyRequest, code: string): boolean {
  const secret = request.server.config.ADMIN_SECRET_CODE;
  if (!secret) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(code), digest(secret));
}

/** Routes of the signed-in staff member's own session (behind the staff hook). */
export async function staffSessionRoutes(app: FastifyInstance) {
  app.get('/session', async (request) => toSession(request.staff));

  app.post('/logout', async (request, reply) => {
    await deleteStaffSession(app.db, request.staff.sessionHash);
    clearSessionCookie(request, reply, STAFF_COOKIE);
    return { ok: true };
  });

  app.post('/unlock', { config: { rateLimit: unlockLimit } }, async (request) => {
    const { code } = parseInput(unlockSchema, request.body);
    if (!codeMatches(request, code)) throw new HttpError(403, 'Le code secret saisi est invalide', 'BAD_CODE');
    await unlockStaffSession(app.db, request.staff.sessionHash);
    return toSession({ ...request.staff, unlocked: true });
  });
}
