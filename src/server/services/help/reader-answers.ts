import type { Tx } from '#server/db/client.ts';
import { helpFeedback } from '#server/db/schema.ts';
import { notFound } from '#server/http-error.ts';
import type { HelpAnswer } from '#shared/help/help-labels.ts';
import { ARTICLE_NOT_FOUND, publishedArticle } from './public-articles.ts';

/** « Oui », « Non », or « Cela a résolu mon problème » under a published article. */
export async function recordAnswer(db: Tx, slug: string, answer: HelpAnswer): Promise<void> {
  const article = await publishedArticle(db, slug);
  if (!article) throw notFound(ARTICLE_NOT_FOUND);
  await db.insert(helpFeedback).values({ articleId: article.id, answer });
}
