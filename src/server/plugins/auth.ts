import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '#server/http-error.ts';
import type { Config } from '#server/config.ts';
import { findClientSession, findStaffSession, type StaffIdentity } from '#server/services/security/sessions.ts';
import type { SessionRead, SignedInClient } from '#server/services/clients/client-identity.ts';
import { CLIENT_UNAUTHORIZED } from '#shared/clients/client-api.ts';
import type { CurrentSubscription } from '#shared/subscriptions/subscription-api.ts';

export const STAFF_COOKIE = 'rfs_staff';
export const CLIENT_COOKIE = 'rfs_client';

declare module 'fastify' {
  interface FastifyRequest {
    /** set by requireStaff on every route of the protected /api/admin scope */
    staff: StaffIdentity;
    /** set by requireClient on every route of the signed-in client scope */
    clientSession: SignedInClient;
    /** set by requireClient on the routes whose config asks for `clientSubscription` */
    clientSubscription: CurrentSubscription | null;
  }
  interface FastifyContextConfig {
    /**
     * a signed-in client route's own 401 message, when the specification words it differently (POST /api/subscriptions)
     */
    clientUnauthorized?: string;
    /** read the subscription running today with the session, in the same statement */
    clientSubscription?: boolean;
    /**
     * a route that reads its data in the session's own statement (one round trip instead of two): given the cookie's
     * token, it answers the session under the same rule as the hook's reader, or null, and keeps its data for the
     * handler. The hook still decides: null is the same 401.
     */
    clientReadWithSession?: (token: string, request: FastifyRequest) => Promise<SessionRead | null>;
  }
}

const SESSION_EXPIRED = 'Session expirée, veuillez vous reconnecter.';

export const hostCookie = (name: string) => `__Host-${name}`;

/**
 * The name a session cookie travels under: `__Host-rfs_staff` over https, so only this host can set it
 * (plugins/security.ts hands it to the code under its plain name); plain over http, where browsers refuse the prefix.
 */
export function sessionCookieName(config: Config, name: string): string {
  return config.PUBLIC_URL.startsWith('https://') ? hostCookie(name) : name;
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  token: string,
  expiresAt: Date,
) {
  reply.setCookie(sessionCookieName(request.server.config, name), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.server.config.PUBLIC_URL.startsWith('https://'),
    expires: expiresAt,
    maxAge: Math.round((expiresAt.getTime() - Date.now()) / 1000),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply, name: string) {
  reply.clearCookie(sessionCookieName(request.server.config, name), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.server.config.PUBLIC_URL.startsWith('https://'),
  });
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
    throw new HttpError('FORBIDDEN', 'Accès réservé au personnel.');
  }
  throw new HttpError('UNAUTHENTICATED', SESSION_EXPIRED);
}

/**
 * The one client check: the onRequest hook of the signed-in client scope (routes/client/index.ts). Without a valid
 * session it answers 401 with CLIENT_UNAUTHORIZED, the wording the dashboard looks for (docs/specification.md §6),
 * unless the route declares its own message in `config.clientUnauthorized`. A route with `config.clientSubscription`
 * also gets the running subscription, read in the same statement.
 */
export function requireClient(
  readSession: (token: string | undefined, options: { subscription?: boolean }) => Promise<SessionRead | null>,
) {
  return async (request: FastifyRequest) => {
    const { config } = request.routeOptions;
    const token = request.cookies[CLIENT_COOKIE];
    const read =
      token && config.clientReadWithSession
        ? await config.clientReadWithSession(token, request)
        : await readSession(token, { subscription: config.clientSubscription });
    if (!read) throw new HttpError('UNAUTHENTICATED', config.clientUnauthorized ?? CLIENT_UNAUTHORIZED);
    request.clientSession = read.client;
    if (read.subscription !== undefined) request.clientSubscription = read.subscription;
  };
}
