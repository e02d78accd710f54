import { desc } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { helpFailedSearches, helpFeedback } from '#server/db/schema.ts';
import { notFound } from '#server/http-error.ts';
import type { FailedSearchDto } from '#shared/help/help-admin-api.ts';
import type { HelpAnswer } from '#shared/help/help-labels.ts';
import { ARTICLE_NOT_FOUND, publishedArticle } from './public-articles.ts';

/** « Oui », « Non », or « Cela a résolu mon problème » under a published article. */
export async function recordAnswer(db: Tx, slug: string, answer: HelpAnswer): Promise<void> {
  const article = await publishedArticle(db, slug);
  if (!article) throw notFound(ARTICLE_NOT_FOUND);
  await db.insert(helpFeedback).values({ articleId: article.id, answer });
}

/** The searches that found nothing, most frequent first: what staff should write next. */
export async function listFailedSearches(db: Tx, limit = 50): Promise<FailedSearchDto[]> {
  const rows = await db
    .select()
    .from(helpFailedSearches)
    .orderBy(desc(helpFailedSearches.count), desc(helpFailedSearches.lastAt))
    .limit(limit);
  return rows.map((r) => ({ query: r.query, count: r.count, lastAt: r.lastAt.toISOString() }));
}
