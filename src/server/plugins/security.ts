import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import cookie from '@fastify/cookie';
import { HttpError } from '#server/http-error.ts';
import type { Config } from '#server/config.ts';
import { CLIENT_COOKIE, hostCookie, STAFF_COOKIE } from './auth.ts';
import { databaseRateLimitStore } from './rate-limit-store.ts';
import { CSP_NONCE, inlineStyleHashes, newNonce, withStyleNonce } from './csp.ts';

const SESSION_COOKIES = [STAFF_COOKIE, CLIENT_COOKIE];

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Our longest address (a search with its filters) is a few hundred characters; browsers cope with 2,000. */
declare module 'fastify' {
  interface FastifyInstance {
    /** the Content-Security-Policy of an HTML page whose inline styles carry this nonce */
    pagePolicy: (nonce: string) => string;
  }
}

export const MAX_URL_LENGTH = 2048;

/** The route that serves the build's files (plugins/pages.ts). */
const ASSETS_ROUTE = '/assets/*';
/** What still applies to a script or a stylesheet: no sniffing it as something else, no use by another site, HTTPS. */
const ASSET_HEADERS = new Set(['x-content-type-options', 'cross-origin-resource-policy', 'strict-transport-security']);

const isPage = (reply: FastifyReply) => String(reply.getHeader('content-type')).startsWith('text/html');

export async function registerSecurity(app: FastifyInstance, config: Config) {
  // JSON only, everywhere: Fastify also parses text/plain by default, which a cross-site <form> can send without a
  // preflight. One rule at the root, so no route (admin ones included) can forget it.
  app.removeContentTypeParser('text/plain');
  await app.register(cookie);
  const https = config.PUBLIC_URL.startsWith('https://');
  const styleHashes = inlineStyleHashes();
  // Helmet's headers depend on its options only, yet @fastify/helmet builds helmet anew on every request (about
  // 30 µs, a fifth of a small API call): helmet computes them once, at start-up, and every reply carries them.
  const headers = await securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // No 'unsafe-inline': see plugins/csp.ts for the inline stylesheets allowed and why. style-src is what
        // browsers without the -elem/-attr directives read; HTML pages add their nonce to both.
        styleSrc: ["'self'", ...styleHashes],
        styleSrcElem: ["'self'", ...styleHashes],
        styleSrcAttr: ["'none'"],
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
    // Two years, subdomains included: what the HSTS preload list asks (Mozilla Observatory wants six months at least).
    hsts: https ? { maxAge: 63_072_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
  // Nothing of ours uses these; a page that got a script in could not use them either.
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  const policy = headers['content-security-policy']!;
  app.decorate('pagePolicy', (nonce: string) => withStyleNonce(policy, nonce));
  // The build's hashed files (scripts, styles, images) are not documents: a policy, a frame rule or a referrer rule
  // means nothing on them, and six scripts carried a kilobyte of these each. They keep what applies to them.
  const assetHeaders = Object.fromEntries(Object.entries(headers).filter(([name]) => ASSET_HEADERS.has(name)));
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(request.routeOptions.url === ASSETS_ROUTE ? assetHeaders : headers);
  });
  // A page gets a nonce of its own for the inline styles it may carry (written as CSP_NONCE by plugins/pages.ts). Only
  // a page: a JSON answer is what was stored, as it was typed.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (typeof payload !== 'string' || !isPage(reply) || !payload.includes(CSP_NONCE)) return payload;
    const nonce = newNonce();
    reply.header('content-security-policy', withStyleNonce(policy, nonce));
    return payload.replaceAll(CSP_NONCE, nonce);
  });
  if (https) readHostPrefixedCookies(app);
  // Right after the headers: an address longer than any page or API call of ours is refused before anything reads it.
  app.addHook('onRequest', async (request) => {
    if (request.url.length > MAX_URL_LENGTH) throw new HttpError('URL_TOO_LONG', 'Adresse trop longue.');
  });
  // Limits are declared per route (login, registration, verification); nothing is limited by default. Counted in the
  // database, so that several instances share them.
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(app.db) });

  // Cross-site request forgery: a state-changing call must come from our own pages (or from a tool that sends no
  // Origin). Every such call is checked whatever its path: a rule keyed on the raw URL let `/%61pi/…` through, and
  // no route of ours takes a cross-site POST.
  const allowed = new URL(config.PUBLIC_URL).host;
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE.has(request.method)) return;
    if (request.headers['sec-fetch-site'] === 'cross-site')
      throw new HttpError('FORBIDDEN_ORIGIN', 'Requête refusée : origine non autorisée.');
    const origin = request.headers.origin;
    if (!origin) return;
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      host = '';
    }
    if (host !== allowed && host !== request.headers.host) {
      throw new HttpError('FORBIDDEN_ORIGIN', 'Requête refusée : origine non autorisée.');
    }
  });
}

const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  // The client's screen and the voice of a screen share (docs/decisions/043), from our own pages only.
  'display-capture=(self)',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=(self)',
  'midi=()',
  'payment=()',
  'usb=()',
  'fullscreen=(self)',
].join(', ');

/**
 * Over https the session cookies are named `__Host-…` (plugins/auth.ts), which the browser accepts only from this
 * very host, over https, for the whole site: a neighbouring subdomain cannot plant one. The code reads them under
 * their plain names; a plain-named cookie that arrives anyway is such a planted one and is ignored.
 */
function readHostPrefixedCookies(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    for (const name of SESSION_COOKIES) {
      const value = request.cookies[hostCookie(name)];
      delete request.cookies[hostCookie(name)];
      if (value === undefined) delete request.cookies[name];
      else request.cookies[name] = value;
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
  return Object.fromEntries(
    Object.entries(secured)
      .filter(([name]) => !(name in plain))
      .map(([name, value]) => [name, String(value)]),
  );
}
