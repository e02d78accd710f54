import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { siteInfo } from '../config';
import { findPlan } from '../../shared/plans';
import { CLIENT_COOKIE, sessionCookieName } from './auth';
import { CSP_NONCE } from './csp';
// Types only: the built SSR bundle is what runs (imported below from DIST_DIR).
import type * as EntryServer from '../../client/entry-server';
import type { Prefetched, Visitor } from '../../client/entry-server';

export const DIST_DIR = path.resolve(import.meta.dirname, '../../..', process.env.RFS_DIST ?? 'dist');
type Renderer = Pick<typeof EntryServer, 'render' | 'prefetchUrls'>;

/** The stylesheet is small: inlined, it saves the round trip that would delay the first paint on a phone. */
async function inlineStylesheets(html: string, clientDir: string): Promise<string> {
  const links = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g)];
  for (const [tag, file] of links) {
    const css = await readFile(path.join(clientDir, file!), 'utf8');
    // With the response's nonce: the CSP allows no other inline stylesheet (plugins/csp.ts).
    html = html.replace(tag, () => `<style nonce="${CSP_NONCE}">${css}</style>`);
  }
  return html;
}

const escapeJson = (json: string) => json.replace(/</g, '\\u003c');

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

/** Serves the built front end: hashed assets with a long cache, and every page rendered on the server. */
export async function registerPages(app: FastifyInstance) {
  const clientDir = path.join(DIST_DIR, 'client');
  const entry = path.join(DIST_DIR, 'ssr', 'entry-server.js');
  if (!existsSync(entry) || !existsSync(path.join(clientDir, 'index.html'))) {
    throw new Error('The front end is not built: run `npm run build` (npm start does it).');
  }
  const template = await inlineStylesheets(await readFile(path.join(clientDir, 'index.html'), 'utf8'), clientDir);
  const renderer = (await import(pathToFileURL(entry).href)) as Renderer;
  const site = siteInfo(app.config);
  const siteData = `<script type="application/json" id="site-data">${escapeJson(JSON.stringify(site))}</script>`;

  await app.register(fastifyStatic, {
    root: path.join(clientDir, 'assets'),
    prefix: '/assets/',
    immutable: true,
    maxAge: '365d',
    decorateReply: false,
  });
  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    wildcard: false,
    index: false,
    allowedPath: (p) => p !== '/index.html',
    maxAge: '1d',
    decorateReply: false,
  });

  // Only the query a page reads takes part in the key, so /?utm=… does not grow the cache.
  const cache = new Map<string, { body: string; status: number }>();
  function cacheKey(url: URL): string {
    const plan = url.pathname.startsWith('/register') ? findPlan(url.searchParams.get('plan'))?.id : undefined;
    return plan ? `${url.pathname}?plan=${plan}` : url.pathname;
  }

  async function renderPage(key: string, visitor?: Visitor) {
    const result = await renderer.render(key, site, visitor);
    const pageData = `<script type="application/json" id="page-data">${escapeJson(JSON.stringify(result.pageData))}</script>`;
    return {
      status: result.status,
      body: template
        .replace('<!--app-head-->', result.head)
        .replace('<!--app-html-->', result.html)
        .replace('<!--site-data-->', () => siteData + pageData),
    };
  }

  /**
   * For a visitor with a client cookie: the page's data fetched through the API itself (same checks, same shapes),
   * or null when the cookie opens no session. The calls count against the visitor's own address.
   */
  async function signedInVisitor(request: FastifyRequest, token: string, pathname: string): Promise<Visitor | null> {
    const { session, data } = renderer.prefetchUrls(pathname);
    const cookie = sessionCookieName(app.config, CLIENT_COOKIE);
    const call = (url: string) => app.inject({ method: 'GET', url, cookies: { [cookie]: token }, remoteAddress: request.ip });
    const [user, ...answers] = await Promise.all([session, ...data].map(call));
    if (user!.statusCode !== 200) return null;
    const prefetched: Prefetched[] = [{ url: session, body: user!.json() }];
    answers.forEach((res, i) => {
      if (res.statusCode !== 200) return; // left for the browser to ask
      const total = res.headers['x-total-count'];
      prefetched.push({ url: data[i]!, body: res.json(), ...(total !== undefined ? { total: Number(total) } : {}) });
    });
    return { signedIn: true, prefetched };
  }

  app.get('/*', async (request, reply) => {
    const url = pageUrl(request);
    if (url.pathname.startsWith('/api/') || url.pathname === '/api') {
      return reply.status(404).send({ message: 'Ressource introuvable.', code: 'NOT_FOUND' });
    }
    const key = cacheKey(url);
    reply.header('content-type', 'text/html; charset=utf-8').header('vary', 'Cookie');

    // A signed-in client's page is theirs alone (their dashboard on /, their navigation everywhere): never cached.
    const token = request.cookies[CLIENT_COOKIE];
    const visitor = token ? await signedInVisitor(request, token, url.pathname) : null;
    if (visitor) {
      const page = await renderPage(key, visitor);
      return reply.status(page.status).header('cache-control', 'private, no-store').send(page.body);
    }

    let page = cache.get(key);
    if (!page) {
      page = await renderPage(key);
      if (page.status === 200 && cache.size < MAX_CACHED) cache.set(key, page);
    }
    return reply.status(page.status).header('cache-control', 'no-cache').send(page.body);
  });
}
