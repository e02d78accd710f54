import { and, eq } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { helpArticles } from '#server/db/schema.ts';

export const ARTICLE_NOT_FOUND = 'Article introuvable';

/** A published article by its address, or null: drafts are nobody's but staff's. */
export async function publishedArticle(db: Tx, slug: string) {
  const [row] = await db
    .select({
      id: helpArticles.id,
      slug: helpArticles.slug,
      title: helpArticles.title,
      summary: helpArticles.summary,
      body: helpArticles.body,
      category: helpArticles.category,
      updatedAt: helpArticles.updatedAt,
      publishedAt: helpArticles.publishedAt,
    })
    .from(helpArticles)
    .where(and(eq(helpArticles.slug, slug), eq(helpArticles.status, 'published')));
  return row ?? null;
}
