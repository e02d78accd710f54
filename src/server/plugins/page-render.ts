import type { FastifyInstance, FastifyRequest } from 'fastify';
import { siteInfo } from '#server/config.ts';
import { CLIENT_COOKIE, sessionCookieName } from './auth.ts';
import { clientPageReader } from '#server/services/page-reads/page-reads.ts';
import { lastEventId } from '#server/services/live/events.ts';
// Types only: the built SSR bundle is what runs (plugins/pages.ts imports it from DIST_DIR).
import type * as EntryServer from '#client/entry-server.tsx';
import type { Prefetched, Visitor } from '#client/entry-server.tsx';
import type { HelpPageData } from '#shared/help/help-pages.ts';

export type Renderer = Pick<typeof EntryServer, 'render' | 'prefetchUrls'>;
/** The built bundle as the server loads it: the renderer, and the indexable addresses for the sitemap. */
export type SiteRenderer = Renderer & Pick<typeof EntryServer, 'indexablePaths'>;
export type RenderedHtml = { status: number; shared: boolean; body: string };

const escapeJson = (json: string) => json.replace(/</g, '\\u003c');

/**
 * Puts the rendered parts into the page's template. Each part is given by a function: a string replacement would
 * read `$&`, `` $` ``, `$'` and `$$` in it as patterns, and these parts hold what clients typed (their name, their
 * requests), so a client named `Jean $&` would have corrupted their own page.
 */
export function fillTemplate(template: string, parts: { head: string; html: string; data: string }): string {
  return template
    .replace('<!--app-head-->', () => parts.head)
    .replace('<!--app-html-->', () => parts.html)
    .replace('<!--site-data-->', () => parts.data);
}

/** Renders pages into the templates (inlined stylesheet for a first visit, linked for a signed-in client). */
export function pageRenderer(app: FastifyInstance, renderer: Renderer, templates: { inlined: string; linked: string }) {
  const site = siteInfo(app.config);
  const siteData = `<script type="application/json" id="site-data">${escapeJson(JSON.stringify(site))}</script>`;

  async function renderPage(key: string, visitor?: Visitor, help?: HelpPageData): Promise<RenderedHtml> {
    const result = await renderer.render(key, site, visitor, help);
    const pageData = `<script type="application/json" id="page-data">${escapeJson(JSON.stringify(result.pageData))}</script>`;
    // A signed-in client's page is rendered and compressed for each response, for someone who comes back: it links
    // the stylesheet, which the browser then keeps for a year (its name changes with it), and each response is four
    // times lighter to send and to compress. Any other page may be a first visit: the stylesheet inside it.
    const template = visitor ? templates.linked : templates.inlined;
    return {
      status: result.status,
      shared: result.shared,
      body: fillTemplate(template, { head: result.head, html: result.html, data: siteData + pageData }),
    };
  }

  /**
   * For a visitor with a client cookie: the page's data, read as its API routes read it (routes/client/page-reads.ts),
   * or null when the cookie opens no session. A call the page needs that has no direct read goes through the API
   * itself, counted against the visitor's own address.
   */
  const readClientPage = clientPageReader(app);
  async function signedInVisitor(request: FastifyRequest, token: string, pathname: string): Promise<Visitor | null> {
    const { session, data } = renderer.prefetchUrls(pathname);
    const cookie = sessionCookieName(app.config, CLIENT_COOKIE);
    const viaApi = async (url: string): Promise<Prefetched | null> => {
      const res = await app.inject({ method: 'GET', url, cookies: { [cookie]: token }, remoteAddress: request.ip });
      if (res.statusCode !== 200) return null; // left for the browser to ask
      const total = res.headers['x-total-count'];
      return { url, body: res.json(), ...(total !== undefined ? { total: Number(total) } : {}) };
    };
    // Read before the data: the page's live stream replays from here whatever changed while the page was on its way.
    const liveFrom = await lastEventId(app.db);
    const prefetched = await readClientPage(token, [session, ...data], viaApi);
    return prefetched ? { signedIn: true, prefetched, liveFrom } : null;
  }

  return { renderPage, signedInVisitor };
}
