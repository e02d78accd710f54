import Fastify, { type FastifyInstance } from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import cookie from '@fastify/cookie';
import { HttpError } from '../http-error';
import type { Config } from '../config';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Our longest address (a search with its filters) is a few hundred characters; browsers cope with 2,000. */
export const MAX_URL_LENGTH = 2048;

export async function registerSecurity(app: FastifyInstance, config: Config) {
  // JSON only, everywhere: Fastify also parses text/plain by default, which a cross-site <form> can send without a
  // preflight. One rule at the root, so no route (admin ones included) can forget it.
  app.removeContentTypeParser('text/plain');
  await app.register(cookie);
  // Helmet's headers depend on its options only, yet @fastify/helmet builds helmet anew on every request (about
  // 30 µs, a fifth of a small API call): helmet computes them once, at start-up, and every reply carries them.
  const headers = await securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix positions popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    hsts: config.PUBLIC_URL.startsWith('https://'),
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
  // Right after the headers: an address longer than any page or API call of ours is refused before anything reads it.
  app.addHook('onRequest', async (request) => {
    if (request.url.length > MAX_URL_LENGTH) throw new HttpError(414, 'Adresse trop longue.', 'URL_TOO_LONG');
  });
  // Limits are declared per route (login, registration, verification); nothing is limited by default.
  await app.register(rateLimit, { global: false });

  // Cross-site request forgery: a state-changing call must come from our own pages (or from a tool that sends no
  // Origin). Every such call is checked whatever its path: a rule keyed on the raw URL let `/%61pi/…` through, and
  // no route of ours takes a cross-site POST.
  const allowed = new URL(config.PUBLIC_URL).host;
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE.has(request.method)) return;
    if (request.headers['sec-fetch-site'] === 'cross-site') throw new HttpError(403, 'Requête refusée : origine non autorisée.', 'FORBIDDEN_ORIGIN');
    const origin = request.headers.origin;
    if (!origin) return;
    let host: string;
    try { host = new URL(origin).host; } catch { host = ''; }
    if (host !== allowed && host !== request.headers.host) {
      throw new HttpError(403, 'Requête refusée : origine non autorisée.', 'FORBIDDEN_ORIGIN');
    }
  });
}

/** The headers helmet adds to a response with these options, read from a throwaway instance. */
async function securityHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const answer = async (withHelmet: boolean) => {
    const probe = Fastify();
    if (withHelmet) await probe.register(helmet, options);
    probe.get('/', async () => 'ok');
    const res = await probe.inject({ url: '/' });
    await probe.close();
    return res.headers;
  };
  const [plain, secured] = await Promise.all([answer(false), answer(true)]);
  return Object.fromEntries(Object.entries(secured).filter(([name]) => !(name in plain)).map(([name, value]) => [name, String(value)]));
}
