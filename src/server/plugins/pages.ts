import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { siteInfo } from '../config';
import { findPlan } from '../../shared/plans';

export const DIST_DIR = path.resolve(import.meta.dirname, '../../..', process.env.RFS_DIST ?? 'dist');
type Renderer = { render(url: string, site: ReturnType<typeof siteInfo>): Promise<{ html: string; head: string; status: number }> };

/** The stylesheet is small: inlined, it saves the round trip that would delay the first paint on a phone. */
async function inlineStylesheets(html: string, clientDir: string): Promise<string> {
  const links = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g)];
  for (const [tag, file] of links) {
    const css = await readFile(path.join(clientDir, file!), 'utf8');
    html = html.replace(tag, () => `<style>${css}</style>`);
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

  app.get('/*', async (request, reply) => {
    const url = pageUrl(request);
    if (url.pathname.startsWith('/api/') || url.pathname === '/api') {
      return reply.status(404).send({ message: 'Ressource introuvable.', code: 'NOT_FOUND' });
    }
    const key = cacheKey(url);
    let page = cache.get(key);
    if (!page) {
      const result = await renderer.render(key, site);
      page = {
        status: result.status,
        body: template
          .replace('<!--app-head-->', result.head)
          .replace('<!--app-html-->', result.html)
          .replace('<!--site-data-->', siteData),
      };
      if (result.status === 200 && cache.size < MAX_CACHED) cache.set(key, page);
    }
    return reply
      .status(page.status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(page.body);
  });
}
