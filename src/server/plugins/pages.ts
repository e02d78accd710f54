import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { Negotiator } from '@fastify/accept-negotiator';
import { findPlan } from '#shared/plans.ts';
import { CLIENT_COOKIE } from './auth.ts';
import { CSP_NONCE, newNonce } from './csp.ts';
import { notFoundAnswer } from './errors.ts';
import { DIST_DIR } from '#server/app-root.ts';
import { pageRenderer, type RenderedHtml, type SiteRenderer } from './page-render.ts';
import { readHelpPage } from './help-pages.ts';
import { registerCrawlerFiles } from './sitemap.ts';

/**
 * The stylesheet inlined, for pages anyone may open first (the public pages, sign-in, a reset link from an e-mail): it
 * saves the round trip that would delay a first visit's first paint on a phone. A signed-in client's pages link it
 * instead (see renderPage).
 */
async function inlineStylesheets(html: string, clientDir: string): Promise<string> {
  const links = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g)];
  for (const [tag, file] of links) {
    const css = await readFile(path.join(clientDir, file!), 'utf8');
    // With the response's nonce: the CSP allows no other inline stylesheet (plugins/csp.ts).
    html = html.replace(tag, () => `<style nonce="${CSP_NONCE}">${css}</style>`);
  }
  return html;
}

/** The stylesheet linked, carrying the response's nonce all the same: the client reads it there (client/lib/csp-nonce.ts). */
function linkStylesheets(html: string): string {
  return html.replace(/<link rel="stylesheet"/g, `<link rel="stylesheet" nonce="${CSP_NONCE}"`);
}

/**
 * The address a page is rendered for: the path the router matched (decoded, so `/%61pi/x` is the API's 404, as
 * the router sees it) with the query. Not `new URL(request.url, base)`: a path starting with `//` reads as a host.
 */
function pageUrl(request: FastifyRequest): URL {
  const url = new URL('http://localhost/');
  url.pathname = `/${(request.params as { '*': string })['*']}`;
  const query = request.url.indexOf('?');
  if (query !== -1) url.search = request.url.slice(query);
  return url;
}
const MAX_CACHED = 100;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** A public page, rendered once and kept compressed the best way each encoding allows. */
type SharedPage = { status: number; etag: string; body: { br: Buffer; gzip: Buffer; identity: Buffer } };
/** Any other anonymous page: rendered once, its nonce and compression per response (plugins/security.ts). */
type RenderedPage = { status: number; html: string };

async function compressPage(status: number, html: string): Promise<SharedPage> {
  const identity = Buffer.from(html);
  const [br, gz] = await Promise.all([
    brotli(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    gzipped(identity, { level: 9 }),
  ]);
  const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  return { status, etag, body: { br, gzip: gz, identity } };
}

/** The hashed assets with a year's cache, and the few other built files, each sent as the build compressed it. */
async function registerBuiltFiles(app: FastifyInstance, clientDir: string) {
  await app.register(fastifyStatic, {
    root: path.join(clientDir, 'assets'),
    prefix: '/assets/',
    // The .br and .gz the build wrote beside each file (vite.config.ts): sent as they are, never compressed per request.
    preCompressed: true,
    immutable: true,
    maxAge: '365d',
    decorateReply: false,
  });
  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    wildcard: false,
    // One route per file (the favicon…; robots.txt is the server's, sitemap.ts); not the assets': a route of its own
    // per file would shadow the registration above (its year-long cache and its compressed files).
    globIgnore: ['assets/**', 'index.html', '**/*.br', '**/*.gz'],
    preCompressed: true,
    index: false,
    allowedPath: (p) => p !== '/index.html',
    maxAge: '1d',
    decorateReply: false,
  });
}

/** Only the query a page reads takes part in the key, so /?utm=… does not grow the cache. */
function cacheKey(url: URL): string {
  const plan = url.pathname.startsWith('/register') ? findPlan(url.searchParams.get('plan'))?.id : undefined;
  return plan ? `${url.pathname}?plan=${plan}` : url.pathname;
}

/**
 * An anonymous visitor's page by its key, rendered once and kept (MAX_CACHED keys at most): a public page compressed
 * with the shared nonce in it, any other as rendered.
 */
function anonymousPages(renderPage: (key: string) => Promise<RenderedHtml>, sharedNonce: string) {
  const cache = new Map<string, Promise<SharedPage | RenderedPage>>();
  return (key: string): Promise<SharedPage | RenderedPage> => {
    let pending = cache.get(key);
    if (!pending) {
      // Concurrent first visitors share one rendering; a 404 is not kept (any address can ask for one).
      pending = renderPage(key).then<SharedPage | RenderedPage>((page) =>
        page.shared && page.status === 200
          ? compressPage(page.status, page.body.replaceAll(CSP_NONCE, sharedNonce))
          : { status: page.status, html: page.body },
      );
      if (cache.size < MAX_CACHED) cache.set(key, pending);
      pending.then(
        (page) => {
          if (page.status !== 200) cache.delete(key);
        },
        () => cache.delete(key),
      );
    }
    return pending;
  };
}

/** Serves the built front end: hashed assets with a long cache, and every page rendered on the server. */
export async function registerPages(app: FastifyInstance) {
  const clientDir = path.join(DIST_DIR, 'client');
  const entry = path.join(DIST_DIR, 'ssr', 'entry-server.js');
  if (!existsSync(entry) || !existsSync(path.join(clientDir, 'index.html'))) {
    throw new Error('The front end is not built: run `npm run build` (npm start does it).');
  }
  const built = await readFile(path.join(clientDir, 'index.html'), 'utf8');
  const inlinedTemplate = await inlineStylesheets(built, clientDir);
  const linkedTemplate = linkStylesheets(built);
  const renderer = (await import(pathToFileURL(entry).href)) as SiteRenderer;
  const { renderPage, signedInVisitor } = pageRenderer(app, renderer, {
    inlined: inlinedTemplate,
    linked: linkedTemplate,
  });

  await registerBuiltFiles(app, clientDir);

  const encodings = new Negotiator({ supportedValues: ['br', 'gzip'], cache: new Map() });
  /**
   * The public pages (landing, legal pages, registration, invoice check) are the same bytes for every visitor until
   * the next deployment, so they are compressed once, at brotli's best (too slow per request), and their inlined
   * stylesheet carries a nonce drawn at start-up instead of per response. That nonce lets only styles in, on pages
   * that show nothing anyone wrote; every other page (back-office, client area, a signed-in visitor's) keeps a
   * nonce of its own per response.
   */
  const sharedNonce = newNonce();
  const sharedPolicy = app.pagePolicy(sharedNonce);
  const keptPage = anonymousPages(renderPage, sharedNonce);

  registerCrawlerFiles(app, renderer.indexablePaths());

  app.get('/*', async (request, reply) => {
    const url = pageUrl(request);
    if (url.pathname.startsWith('/api/') || url.pathname === '/api') {
      return reply.status(404).send(notFoundAnswer());
    }
    const key = cacheKey(url);
    reply.header('content-type', 'text/html; charset=utf-8').header('vary', 'Cookie');

    // A signed-in client's page is theirs alone (their dashboard on /, their navigation everywhere): never cached.
    const token = request.cookies[CLIENT_COOKIE];
    const visitor = token ? await signedInVisitor(request, token, url.pathname) : null;
    // The help centre changes whenever staff publish: its pages are read and rendered for each response, never kept.
    const help = await readHelpPage(app, url, request.method, request.ip);
    if (help) {
      const page = await renderPage(key, visitor ?? undefined, help);
      const cache = visitor ? 'private, no-store' : 'no-cache';
      return reply.status(page.status).header('cache-control', cache).send(page.body);
    }
    if (visitor) {
      const page = await renderPage(key, visitor);
      return reply.status(page.status).header('cache-control', 'private, no-store').send(page.body);
    }

    const page = await keptPage(key);
    reply.status(page.status).header('cache-control', 'no-cache');
    if ('html' in page) return reply.send(page.html);

    reply
      .header('etag', page.etag)
      .header('content-security-policy', sharedPolicy)
      .header('vary', 'Cookie, Accept-Encoding');
    if (request.headers['if-none-match'] === page.etag) return reply.status(304).send();
    const encoding = encodings.negotiate(request.headers['accept-encoding'] ?? '');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(page.body[encoding ?? 'identity']);
  });
}
