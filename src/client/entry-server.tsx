import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { AppRouter } from './app-router.tsx';
import { App } from './app.tsx';
import { SiteProvider } from './lib/site.tsx';
import { ANONYMOUS, type PageData } from './lib/page-data.ts';
import { ViewerProvider } from './lib/viewer.tsx';
import { documentTitle, matchRoute, ROUTES } from './routes.tsx';
import { clientStateFrom, prefetchUrlsFor, type Prefetched } from './pages/client/api/prefetch.ts';
import type { SiteInfo } from '#shared/site.ts';
import type { HelpPageData } from '#shared/help/help-pages.ts';
import { helpArticleHead } from './pages/public/help/help-head.ts';

export type { Prefetched } from './pages/client/api/prefetch.ts';

/** What the server fetches with a client cookie before rendering this path (the path as the router matches it). */
export function prefetchUrls(pathname: string) {
  return prefetchUrlsFor(matchRoute(pathname)?.path ?? pathname);
}

/** The addresses search engines may index, for the sitemap (a help article's are read from the database). */
export function indexablePaths(): string[] {
  return ROUTES.filter((r) => r.indexable && !r.path.includes(':')).map((r) => r.path);
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Who the page is rendered for: anyone (the page may be cached), or a signed-in client with what was fetched for them. */
export type Visitor = { signedIn: false } | { signedIn: true; prefetched: Prefetched[]; liveFrom: number };

/** `shared`: the page is the same for every anonymous visitor and holds no data (a public page search engines index). */
export type RenderResult = { html: string; head: string; status: number; pageData: PageData; shared: boolean };

/** Renders a page to HTML on the server, waiting for its lazy chunk, with its title and description. */
export async function render(
  url: string,
  site: SiteInfo,
  visitor: Visitor = { signedIn: false },
  /** what the server read for a help page (/aide, /aide/<slug>) */
  help?: HelpPageData,
): Promise<RenderResult> {
  // Not new URL(url, base): a path starting with // would be read as a host (and //x rendered as the home page).
  const pathname = url.split('?')[0]!;
  const route = matchRoute(pathname);
  const pageData: PageData = {
    ...(visitor.signedIn
      ? {
          signedIn: true,
          clientState: clientStateFrom(route?.path ?? pathname, visitor.prefetched),
          liveFrom: visitor.liveFrom,
        }
      : ANONYMOUS),
    ...(help ? { help } : {}),
  };
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <SiteProvider site={site}>
        <ViewerProvider initial={pageData}>
          <AppRouter ssrPath={url}>
            <App />
          </AppRouter>
        </ViewerProvider>
      </SiteProvider>
    </StrictMode>,
    // Everything is awaited anyway: keep every Suspense boundary in place. Otherwise React moves large (or lazy) ones
    // to the end with inline <script>$RC(…)</script> swaps, which the CSP blocks (fallback shown, hydration error 419).
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  let html = '';
  for await (const chunk of prelude) html += chunk;
  // A help article: its own title, description, address and structured data; a draft or unknown one: not found.
  const article = helpArticleHead(help, site);
  const found = route && help?.kind !== 'missing';
  const title = escapeHtml(article?.title ?? documentTitle(found ? route : undefined, site.siteName, visitor.signedIn));
  const pageDescription = article?.description ?? route?.description;
  const description = found && pageDescription ? escapeHtml(pageDescription) : '';
  const canonical =
    found && route.indexable
      ? `<link rel="canonical" href="${escapeHtml(article?.canonical ?? site.publicUrl + route.path)}" />`
      : '';
  const structured = article ? `<script type="application/ld+json">${article.jsonLd}</script>` : '';
  // A page rendered for one client is nobody else's to index.
  const robots = found && route.indexable && !visitor.signedIn ? '' : '<meta name="robots" content="noindex" />';
  const head = `<title>${title}</title>${description ? `<meta name="description" content="${description}" />` : ''}${canonical}${robots}${structured}`;
  return { html, head, status: found ? 200 : 404, pageData, shared: !!found && !!route.indexable && !visitor.signedIn };
}
