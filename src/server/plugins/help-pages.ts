import type { FastifyInstance } from 'fastify';
import { HELP_HOME, type HelpPageData } from '#shared/help/help-pages.ts';
import { SLUG_PATTERN } from '#shared/help/slug.ts';
import { helpArticlePage, helpHome } from '#server/services/help/public-articles.ts';
import { recordView } from '#server/services/help/reader-answers.ts';

const MAX_QUERY = 200;

/**
 * What a help page shows, read for its rendering (plugins/pages.ts): /aide with the search sent by its form (`?q=`), or
 * /aide/<slug>, a published article, whose read is counted (not a HEAD, which reads nothing). Undefined for any
 * other address.
 */
export async function readHelpPage(app: FastifyInstance, url: URL, method: string): Promise<HelpPageData | undefined> {
  const path = url.pathname.replace(/\/+$/, '');
  if (path === HELP_HOME) {
    const q = (url.searchParams.get('q') ?? '').trim().slice(0, MAX_QUERY);
    return helpHome(app.db, q || undefined);
  }
  if (!path.startsWith(`${HELP_HOME}/`)) return undefined;
  const slug = path.slice(HELP_HOME.length + 1);
  const page = SLUG_PATTERN.test(slug) && !slug.includes('/') ? await helpArticlePage(app.db, slug) : null;
  if (!page) return { kind: 'missing', slug };
  if (method === 'GET') await recordView(app.db, page.id);
  const { id: _id, ...data } = page;
  return data;
}
