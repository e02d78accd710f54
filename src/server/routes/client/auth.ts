import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientLoginSchema } from '../../../shared/schemas/auth';
import { HttpError, parseInput } from '../../http-error';
import { CLIENT_COOKIE, CLIENT_SESSION_REQUIRED, clearSessionCookie, requireClient, setSessionCookie } from '../../plugins/auth';
import { authenticateClient } from '../../services/clients';
import { authUserDto, clientLoginDto, clientSessionDto } from '../../services/client-identity';
import { throttledSignIn } from '../../services/login-throttle';
import { createClientSession, deleteClientSession, findClientSession } from '../../services/sessions';

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
  return clientLoginDto(app.db, client);
}

async function logOut(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const session = await findClientSession(app.db, request.cookies[CLIENT_COOKIE]);
  if (session) await deleteClientSession(app.db, session.sessionHash);
  clearSessionCookie(request, reply, CLIENT_COOKIE);
}

/** Client sign-in, one identity for /client/* and /dashboard (DESIGN.md decision 4). */
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

  await app.register(async (signedIn) => {
    signedIn.decorateRequest('clientSession', null as never);
    signedIn.addHook('onRequest', requireClient());
    signedIn.get('/client/session', async (request) => {
      const dto = await clientSessionDto(app.db, request.clientSession.clientId);
      if (!dto) throw new HttpError(401, CLIENT_SESSION_REQUIRED, 'UNAUTHENTICATED');
      return dto;
    });
  });

  await app.register(async (dashboard) => {
    dashboard.decorateRequest('clientSession', null as never);
    dashboard.addHook('onRequest', requireClient('Unauthorized'));
    dashboard.get('/auth/user', async (request) => {
      const dto = await authUserDto(app.db, request.clientSession.clientId);
      if (!dto) throw new HttpError(401, 'Unauthorized', 'UNAUTHENTICATED');
      return dto;
    });
  });
}
