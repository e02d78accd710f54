import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clientAreaLoginInputSchema,
  clientLoginInputSchema,
  type ClientLoginInput,
} from '#shared/clients/client-login.ts';
import { HttpError } from '#server/http-error.ts';
import { CLIENT_COOKIE, clearSessionCookie, setSessionCookie } from '#server/plugins/auth.ts';
import { authenticateClient } from '#server/services/clients/clients.ts';
import { clientLoginResult, toAuthUser } from '#server/services/clients/client-identity.ts';
import { throttledSignIn } from '#server/services/security/login-throttle.ts';
import { createClientSession, deleteClientSession, hashSessionToken } from '#server/services/security/sessions.ts';
import { authUserSchema, clientLoginResultSchema, clientSessionSchema } from '#shared/clients/client-api.ts';
import { REDIRECT_REPLY, smallJsonReply } from '#server/http-schema.ts';
import { okSchema } from '#shared/common/query.ts';
import { RETURN_PARAM, signInReturningTo } from '#shared/clients/client-pages.ts';
import { RATE_LIMITS } from '#server/rate-limits.ts';
import { endSharesOfEndedSessions } from '#server/services/remote/screen-shares.ts';

const BAD_LOGIN = "Nom d'utilisateur ou mot de passe incorrect";

async function logIn(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, body: ClientLoginInput) {
  const { email: login, password } = body;
  // Counted per account and per address in the database (429 when throttled), whether the account exists or not.
  const client = await throttledSignIn(app.db, reply, { scope: 'client', login, address: request.ip }, () =>
    authenticateClient(app.db, login, password),
  );
  if (!client) throw new HttpError('BAD_CREDENTIALS', BAD_LOGIN);
  const { token, expiresAt } = await createClientSession(app.db, client.id);
  setSessionCookie(request, reply, CLIENT_COOKIE, token, expiresAt);
  return clientLoginResult(app.db, client);
}

/**
 * Signing out needs no valid session: whatever the cookie holds is forgotten, on the server and in the browser. True when
 * a session was ended.
 */
export async function logOut(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  const token = request.cookies[CLIENT_COOKIE];
  clearSessionCookie(request, reply, CLIENT_COOKIE);
  if (!token) return false;
  const session = hashSessionToken(token);
  if ((await deleteClientSession(app.db, session)) === null) return false;
  // A screen shared from this session stops with it, before the answer (its page no longer belongs to anyone); a
  // share that cannot be ended does not keep anyone signed in (the pass on the database's notice tries it again).
  await endSharesOfEndedSessions(app.db, app.clock(), {
    session,
    failed: (error) => request.log.warn({ err: error }, 'screen share of a signed-out session not ended'),
  });
  return true;
}

/** Public: client sign-in and sign-out, one identity for /client/* and /dashboard (docs/decisions/029). */
export const clientAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const signIn = { 200: clientLoginResultSchema };
  app.post(
    '/client/login',
    { config: { rateLimit: RATE_LIMITS.clientSignIn }, schema: { body: clientAreaLoginInputSchema, response: signIn } },
    async (request, reply) => logIn(app, request, reply, request.body),
  );

  app.post(
    '/auth/login',
    { config: { rateLimit: RATE_LIMITS.clientSignIn }, schema: { body: clientLoginInputSchema, response: signIn } },
    async (request, reply) => logIn(app, request, reply, request.body),
  );

  app.post('/client/logout', { schema: { response: { 200: okSchema } } }, async (request, reply) => {
    await logOut(app, request, reply);
    return { ok: true as const };
  });

  // Browser navigations kept from the original site: /api/login opens the sign-in page; /api/logout is in logout.ts.
  // A page of the client area named in ?retour= is where the sign-in page leads back to; anything else is dropped.
  app.get(
    '/login',
    {
      config: REDIRECT_REPLY,
      schema: { querystring: z.object({ [RETURN_PARAM]: z.string().optional().catch(undefined) }) },
    },
    async (request, reply) => reply.redirect(signInReturningTo('/client/login', request.query[RETURN_PARAM] ?? '')),
  );
};

/** Signed in: who the client is, for the client area (/api/client/session) and the dashboard (/api/auth/user). */
export const clientIdentityRoutes: FastifyPluginAsyncZod = async (app) => {
  // The plan's name comes with the session, in one statement (config.clientSubscription).
  app.get(
    '/client/session',
    { config: { clientSubscription: true }, schema: { response: { 200: clientSessionSchema } } },
    async (request) => ({
      name: request.clientSession.name,
      email: request.clientSession.email,
      plan: request.clientSubscription?.plan ?? null,
    }),
  );

  // The session hook already read the account: answering costs no further query.
  app.get('/auth/user', smallJsonReply(authUserSchema), async (request) => toAuthUser(request.clientSession));
};
