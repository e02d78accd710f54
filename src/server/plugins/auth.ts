import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../http-error';
import { findClientSession, findStaffSession, type StaffIdentity } from '../services/sessions';

export const STAFF_COOKIE = 'rfs_staff';
export const CLIENT_COOKIE = 'rfs_client';

declare module 'fastify' {
  interface FastifyRequest {
    /** set by requireStaff on every route of the protected /api/admin scope */
    staff: StaffIdentity;
    /** set by requireClient on client-area routes */
    clientSession: { clientId: number; sessionHash: string };
  }
}

export const SESSION_EXPIRED = 'Session expirée, veuillez vous reconnecter.';
export const CLIENT_SESSION_REQUIRED = 'Veuillez vous connecter à votre espace client.';

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, name: string, token: string, expiresAt: Date) {
  reply.setCookie(name, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.server.config.PUBLIC_URL.startsWith('https://'),
    expires: expiresAt,
    maxAge: Math.round((expiresAt.getTime() - Date.now()) / 1000),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply, name: string) {
  reply.clearCookie(name, { path: '/', httpOnly: true, sameSite: 'lax', secure: request.server.config.PUBLIC_URL.startsWith('https://') });
}

/**
 * The one staff check (onRequest hook of the protected admin scope). A signed-in client is told the area is
 * for staff (403) rather than asked to sign in (401).
 */
export async function requireStaff(request: FastifyRequest) {
  const staff = await findStaffSession(request.server.db, request.cookies[STAFF_COOKIE]);
  if (staff) {
    request.staff = staff;
    return;
  }
  if (await findClientSession(request.server.db, request.cookies[CLIENT_COOKIE])) {
    throw new HttpError(403, 'Accès réservé au personnel.', 'FORBIDDEN');
  }
  throw new HttpError(401, SESSION_EXPIRED, 'UNAUTHENTICATED');
}

/** The one client check, as an onRequest hook; /api/auth/* answers `Unauthorized`, the wording the dashboard looks for (SPEC §6). */
export function requireClient(message = CLIENT_SESSION_REQUIRED) {
  return async (request: FastifyRequest) => {
    const session = await findClientSession(request.server.db, request.cookies[CLIENT_COOKIE]);
    if (!session) throw new HttpError(401, message, 'UNAUTHENTICATED');
    request.clientSession = session;
  };
}
