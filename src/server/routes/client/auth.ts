import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientLoginSchema } from '../../../shared/schemas/auth';
import { HttpError, parseInput } from '../../http-error';
import { CLIENT_COOKIE, clearSessionCookie, setSessionCookie } from '../../plugins/auth';
import { authenticateClient } from '../../services/clients';
import { clientLoginResult, toAuthUser } from '../../services/client-identity';
import { throttledSignIn } from '../../services/login-throttle';
import { createClientSession, deleteClientSession, hashSessionToken } from '../../services/sessions';
import { authUserSchema, type ClientSession } from '../../../shared/client-api';
import { smallJsonReply } from '../../http-schema';

const loginLimit = { max: 20, timeWindow: '1 minute' };
const BAD_LOGIN = "Nom d'utilisateur ou mot de passe incorrect";

/** The client-area form sends `username`; the dashboard form sends `email` (which may hold a username too). */
function clientAreaBody(body: unknown): unknown {
  if (!body || typeof body !== 'object') return body;
  const { username, email, password } = body as Record<string, unknown>;
  return { email: username ?? email, password };
}

async function logIn(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, body: unknown) {
  const { email: login, password } = parseInput(clientLoginSchema, body);
  // Counted per account and per address in the database (429 when throttled), whether the account exists or not.
  const client = await throttledSignIn(app.db, reply, { scope: 'client', login, address: request.ip },
    () => authenticateClient(app.db, login, password));
  if (!client) throw new HttpError(401, BAD_LOGIN, 'BAD_CREDENTIALS');
  const { token, expiresAt } = await createClientSession(app.db, client.id);
  setSessionCookie(request, reply, CLIENT_COOKIE, token, expiresAt);
  return clientLoginResult(app.db, client);
}

/** Signing out needs no valid session: whatever the cookie holds is forgotten, on the server and in the browser. */
async function logOut(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const token = request.cookies[CLIENT_COOKIE];
  if (token) await deleteClientSession(app.db, hashSessionToken(token));
  clearSessionCookie(request, reply, CLIENT_COOKIE);
}

/** Public: client sign-in and sign-out, one identity for /client/* and /dashboard (DESIGN.md decision 4). */
export async function clientAuthRoutes(app: FastifyInstance) {
  app.post('/client/login', { config: { rateLimit: loginLimit } }, async (request, reply) =>
    logIn(app, request, reply, clientAreaBody(request.body)));

  app.post('/auth/login', { config: { rateLimit: loginLimit } }, async (request, reply) => logIn(app, request, reply, request.body));

  app.post('/client/logout', async (request, reply) => {
    await logOut(app, request, reply);
    return { ok: true };
  });

  // Browser navigations kept from the original site: /api/login opens the sign-in page, /api/logout signs out.
  app.get('/login', async (_request, reply) => reply.redirect('/client/login'));
  app.get('/logout', async (request, reply) => {
    await logOut(app, request, reply);
    return reply.redirect('/');
  });
}

/** Signed in: who the client is, for the client area (/api/client/session) and the dashboard (/api/auth/user). */
export async function clientIdentityRoutes(app: FastifyInstance) {
  // The plan's name comes with the session, in one statement (config.clientSubscription).
  app.get('/client/session', { config: { clientSubscription: true } }, async (request): Promise<ClientSession> => ({
    name: request.clientSession.name, email: request.clientSession.email, plan: request.clientSubscription?.plan ?? null,
  }));

  // The session hook already read the account: answering costs no further query.
  app.get('/auth/user', smallJsonReply(authUserSchema), async (request) => toAuthUser(request.clientSession));
}
