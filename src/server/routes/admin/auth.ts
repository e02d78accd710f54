import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { StaffRole } from '#shared/staff/staff-labels.ts';
import type { AuditAction } from '#shared/security/audit-labels.ts';
import { staffLoginAnswerSchema } from '#shared/staff/two-factor.ts';
import { adminLoginInputSchema, unlockInputSchema } from '#shared/staff/staff-login.ts';
import { idParams, okSchema } from '#shared/common/query.ts';
import {
  openSessionSchema,
  sessionsEndedSchema,
  staffSessionSchema,
  type StaffSession,
} from '#shared/staff/staff-api.ts';
import { HttpError, notFound } from '#server/http-error.ts';
import { clearSessionCookie, setSessionCookie, STAFF_COOKIE } from '#server/plugins/auth.ts';
import { authenticateStaff, staffNamed } from '#server/services/staff/staff-auth.ts';
import { staffStanding } from '#server/services/staff/staff-accounts.ts';
import { writeAudit } from '#server/services/security/audit.ts';
import { throttledSignIn } from '#server/services/security/login-throttle.ts';
import { createChallenge } from '#server/services/staff/staff-login-challenge.ts';
import { hasTwoFactor, trustFactorAfterCode, type SecondFactor } from '#server/services/staff/two-factor.ts';
import { securitySettings } from '#server/services/staff/security-settings.ts';
import {
  createStaffSession,
  deleteStaffSession,
  endOtherStaffSessions,
  endStaffSession,
  listStaffSessions,
  unlockStaffSession,
} from '#server/services/security/sessions.ts';
import { ADMIN_ONLY, ANY_STAFF } from './roles.ts';
import { RATE_LIMITS } from '#server/rate-limits.ts';
/** How the journal names a failed sign-in under a username no account has (the name itself is not kept). */
const UNKNOWN_USERNAME = '(identifiant inconnu)';
const UNKNOWN_ACCOUNT = 'inconnu';

const toSession = (staff: StaffSession): StaffSession => ({
  id: staff.id,
  username: staff.username,
  role: staff.role,
  unlocked: staff.unlocked,
});

/**
 * The session, its cookie and its trace, once every factor the member needs was given. `factor`: the second factor
 * given, and whether it opens the download tab by itself (docs/decisions/009); null for a password alone.
 */
export async function openStaffSession(
  request: FastifyRequest,
  reply: FastifyReply,
  staff: { id: number; username: string; role: StaffRole },
  factor: { kind: SecondFactor; opensDownload: boolean } | null,
): Promise<StaffSession> {
  const { db } = request.server;
  const unlocked = factor?.opensDownload === true;
  // The session and its line in the journal together: no session opens without its entry. The cookie after commit.
  const { token, expiresAt } = await db.transaction(async (tx) => {
    const session = await createStaffSession(
      tx,
      staff.id,
      { address: request.ip, userAgent: request.headers['user-agent'] ?? '' },
      request.cookies[STAFF_COOKIE],
      { secondFactor: factor !== null, unlocked },
    );
    await writeAudit(
      tx,
      { id: staff.id, username: staff.username, address: request.ip },
      {
        action: 'staff.login',
        entity: 'staff',
        entityId: staff.id,
        after: factor ? { secondFactor: factor.kind, unlocked } : undefined,
      },
    );
    return session;
  });
  setSessionCookie(request, reply, STAFF_COOKIE, token, expiresAt);
  return toSession({ id: staff.id, username: staff.username, role: staff.role, unlocked });
}

/**
 * POST /api/admin/login: the one admin route reachable without a staff session (with the code step of
 * routes/admin/two-factor.ts). A member with two-factor sign-in, or any member once an admin requires it, gets the
 * next step instead of a session.
 */
export const staffLoginRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/login',
    {
      config: { rateLimit: RATE_LIMITS.staffSignIn },
      schema: { body: adminLoginInputSchema, response: { 200: staffLoginAnswerSchema } },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const staff = await throttledSignIn(app.db, reply, { scope: 'staff', login: username, address: request.ip }, () =>
        authenticateStaff(app.db, username, password),
      );
      const audit = (actor: { id: number | null; username: string }, action: AuditAction) =>
        writeAudit(
          app.db,
          { ...actor, address: request.ip },
          { action, entity: 'staff', entityId: actor.id ?? UNKNOWN_ACCOUNT },
        );
      if (!staff) {
        // What was typed as a username is often a password typed in the wrong box: it is never written down. A failure
        // on an existing account is traced to that account; any other only to its address (the throttle keeps hashes).
        await audit(
          (await staffNamed(app.db, username)) ?? { id: null, username: UNKNOWN_USERNAME },
          'staff.login_failed',
        );
        throw new HttpError('BAD_CREDENTIALS', 'Identifiants incorrects');
      }
      const standing = await staffStanding(app.db, staff.id);
      // Told only after the right password: a stranger learns nothing about which accounts exist.
      if (!standing || standing.disabled) {
        await audit(staff, 'staff.login_refused');
        throw new HttpError('ACCOUNT_DISABLED', 'Ce compte a été désactivé. Adressez-vous à un administrateur.');
      }
      const [enrolled, { requireTwoFactor }] = await Promise.all([
        hasTwoFactor(app.db, staff.id),
        securitySettings(app.db),
      ]);
      if (enrolled || requireTwoFactor) {
        const step = enrolled ? ('code' as const) : ('enrol' as const);
        return { step, challenge: await createChallenge(app.db, staff.id, step) };
      }
      return openStaffSession(request, reply, { ...staff, role: standing.role }, null);
    },
  );
};

/** Compared as SHA-256 digests so the comparison takes the same time whatever the code's length. */
function codeMatches(request: FastifyRequest, code: string): boolean {
  const secret = request.server.config.ADMIN_SECRET_CODE;
  if (!secret) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(code), digest(secret));
}

/** Routes of the signed-in staff member's own session (behind the staff hook). */
export const staffSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/session', { config: ANY_STAFF, schema: { response: { 200: staffSessionSchema } } }, async (request) =>
    toSession(request.staff),
  );

  app.post('/logout', { config: ANY_STAFF, schema: { response: { 200: okSchema } } }, async (request, reply) => {
    await deleteStaffSession(app.db, request.staff.sessionHash);
    clearSessionCookie(request, reply, STAFF_COOKIE);
    return { ok: true as const };
  });

  app.post(
    '/unlock',
    {
      config: { ...ADMIN_ONLY, rateLimit: RATE_LIMITS.staffUnlock },
      schema: { body: unlockInputSchema, response: { 200: staffSessionSchema } },
    },
    async (request) => {
      const { code } = request.body;
      if (!codeMatches(request, code)) throw new HttpError('BAD_SECRET_CODE', 'Le code secret saisi est invalide');
      // The session unlocked and, with a second factor, the factor trusted with its journal entry: all or nothing.
      await app.db.transaction(async (tx) => {
        await unlockStaffSession(tx, request.staff.sessionHash);
        if (request.staff.secondFactor) await trustFactorAfterCode(tx, request.staff);
      });
      return toSession({ ...request.staff, unlocked: true });
    },
  );

  // « Mes sessions »: only the signed-in member's own sessions are listed or ended.
  app.get(
    '/sessions',
    { config: ANY_STAFF, schema: { response: { 200: z.array(openSessionSchema) } } },
    async (request) => listStaffSessions(app.db, request.staff),
  );

  app.delete(
    '/sessions',
    { config: ANY_STAFF, schema: { response: { 200: sessionsEndedSchema } } },
    async (request) => ({ ended: await endOtherStaffSessions(app.db, request.staff) }),
  );

  app.delete(
    '/sessions/:id',
    { config: ANY_STAFF, schema: { params: idParams, response: { 200: sessionsEndedSchema } } },
    async (request, reply) => {
      const { id } = request.params;
      if (!(await endStaffSession(app.db, request.staff.id, id))) throw notFound('Session introuvable ou déjà fermée');
      // Ending the current session from the list is a sign-out: the browser forgets the cookie too.
      if (id === request.staff.sessionId) clearSessionCookie(request, reply, STAFF_COOKIE);
      return { ended: 1 };
    },
  );
};
