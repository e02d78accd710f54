import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from './app';
import { SiteProvider } from './lib/site';
import { documentTitle, matchRoute } from './routes';
import type { SiteInfo } from '../shared/site';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export type RenderResult = { html: string; head: string; status: number };

/** Renders a page to HTML on the server, waiting for its lazy chunk, with its title and description. */
export async function render(url: string, site: SiteInfo): Promise<RenderResult> {
  // Not new URL(url, base): a path starting with // would be read as a host (and //x rendered as the home page).
  const pathname = url.split('?')[0]!;
  const route = matchRoute(pathname);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <SiteProvider site={site}>
        <StaticRouter location={url}>
          <App />
        </StaticRouter>
      </SiteProvider>
    </StrictMode>,
    // Everything is awaited anyway: keep every Suspense boundary in place. Otherwise React moves large (or lazy) ones
    // to the end with inline <script>$RC(…)</script> swaps, which the CSP blocks (fallback shown, hydration error 419).
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  let html = '';
  for await (const chunk of prelude) html += chunk;
  const title = escapeHtml(documentTitle(route, site.siteName));
  const description = route?.description ? escapeHtml(route.description) : '';
  const canonical = route?.indexable ? `<link rel="canonical" href="${escapeHtml(site.publicUrl + route.path)}" />` : '';
  const robots = route?.indexable ? '' : '<meta name="robots" content="noindex" />';
  const head = `<title>${title}</title>${description ? `<meta name="description" content="${description}" />` : ''}${canonical}${robots}`;
  return { html, head, status: route ? 200 : 404 };
}
