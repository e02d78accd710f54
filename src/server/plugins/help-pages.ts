import type { FastifyInstance } from 'fastify';
import { printableOnly } from '#shared/common/fields.ts';
import { HELP_HOME, type HelpPageData } from '#shared/help/help-pages.ts';
import { SLUG_PATTERN } from '#shared/help/slug.ts';
import { helpArticlePage, helpHome } from '#server/services/help/public-articles.ts';
import { recordView } from '#server/services/help/reader-answers.ts';
import { RATE_LIMITS, WINDOW_MS } from '#server/rate-limits.ts';
import { databaseRateLimitStore } from './rate-limit-store.ts';

const MAX_QUERY = 200;

/**
 * An allowance per key in the shared rate-limit table, for what a public page writes: past `max` in the window the page
 * still answers, and the write is skipped.
 */
function allowance(app: FastifyInstance, prefix: string, max: number, windowMs: number): Allowance {
  const Store = databaseRateLimitStore(app.db);
  const counts = new Store(undefined, prefix);
  return (key: string) =>
    new Promise<boolean>((resolve, reject) =>
      counts.incr(key, (error, result) => (error ? reject(error) : resolve(result!.current <= max)), windowMs),
    );
}

/**
 * A read counts once per address and article an hour: « Les plus lus » ranks what readers read, and reloading a page
 * (or a script doing so) cannot push an article to the top.
 */
const VIEW_WINDOW_MS = 60 * 60_000;

type Allowance = (key: string) => Promise<boolean>;
const allowances = new WeakMap<FastifyInstance, { miss: Allowance; view: Allowance }>();

/** The help pages' two allowances, made once per app. */
function allowancesOf(app: FastifyInstance) {
  let made = allowances.get(app);
  if (!made) {
    made = {
      // The misses /aide's search keeps, per address: the allowance of a question asked through the API, counted
      // apart. Past it the miss is not written: every new text would otherwise be a new row, and a way to push any
      // text to the top of the staff's list.
      miss: allowance(app, 'help-page-miss|', RATE_LIMITS.helpAsked.max, WINDOW_MS[RATE_LIMITS.helpAsked.timeWindow]),
      view: allowance(app, 'help-view|', 1, VIEW_WINDOW_MS),
    };
    allowances.set(app, made);
  }
  return made;
}

/**
 * What a help page shows, read for its rendering (plugins/pages.ts): /aide with the search sent by its form (`?q=`), or
 * /aide/<slug>, a published article, whose read is counted (not a HEAD, which reads nothing). Undefined for any
 * other address.
 */
export async function readHelpPage(
  app: FastifyInstance,
  url: URL,
  method: string,
  address: string,
): Promise<HelpPageData | undefined> {
  const path = url.pathname.replace(/\/+$/, '');
  if (path === HELP_HOME) {
    // A control character in the address (`?q=…%00`) is not searched, nor kept among the misses: PostgreSQL refuses it.
    const q = printableOnly(url.searchParams.get('q') ?? '')
      .trim()
      .slice(0, MAX_QUERY);
    return helpHome(app.db, q || undefined, () => allowancesOf(app).miss(address));
  }
  if (!path.startsWith(`${HELP_HOME}/`)) return undefined;
  const slug = path.slice(HELP_HOME.length + 1);
  const page = SLUG_PATTERN.test(slug) && !slug.includes('/') ? await helpArticlePage(app.db, slug) : null;
  if (!page) return { kind: 'missing', slug };
  if (method === 'GET' && (await allowancesOf(app).view(`${address}|${page.id}`))) await recordView(app.db, page.id);
  const { id: _id, ...data } = page;
  return data;
}
