// What the server reads for /aide and /aide/<slug> and hands to the page it renders (and to its hydration).
import type { HelpSearchHit } from './help-api.ts';
import type { HelpCategory } from './help-labels.ts';

export const HELP_HOME = '/aide';
export const helpArticlePath = (slug: string) => `${HELP_HOME}/${slug}`;
/** How many articles the request forms suggest and the landing page's chat bot answers with: here, not beside the
 * search's schemas, so that the chat's chunk loads without zod. */
export const HELP_SUGGESTIONS = 3;
/** How many articles « Les plus lus » shows. */
export const MOST_READ = 5;

export type HelpArticleCard = { slug: string; title: string; summary: string; category: HelpCategory };

/** /aide: the categories with their articles, the most read, and the results when the search box was sent. */
export type HelpHomeData = {
  kind: 'home';
  categories: { category: HelpCategory; articles: HelpArticleCard[] }[];
  mostRead: HelpArticleCard[];
  search: { q: string; results: HelpSearchHit[] } | null;
};

/** /aide/<slug>: a published article, its body already rendered from Markdown on the server, and its neighbours. */
export type HelpArticleData = {
  kind: 'article';
  article: HelpArticleCard & { html: string; publishedAt: string; updatedAt: string };
  related: HelpArticleCard[];
};

/** /aide/<slug> for a draft or an address nobody published: the « not found » page, answered 404. */
type HelpMissingData = { kind: 'missing'; slug: string };

export type HelpPageData = HelpHomeData | HelpArticleData | HelpMissingData;
