import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { helpArticles, helpArticleViews } from '#server/db/schema.ts';
import { HELP_CATEGORIES } from '#shared/help/help-labels.ts';
import { MOST_READ, type HelpArticleData, type HelpHomeData } from '#shared/help/help-pages.ts';
import { renderMarkdown } from './markdown.ts';
import { askWithSnippets } from './search.ts';

export const ARTICLE_NOT_FOUND = 'Article introuvable';

const card = {
  slug: helpArticles.slug,
  title: helpArticles.title,
  summary: helpArticles.summary,
  category: helpArticles.category,
};
const published = eq(helpArticles.status, 'published');

/** A published article by its address, or null: drafts are nobody's but staff's. */
export async function publishedArticle(db: Tx, slug: string) {
  const [row] = await db
    .select({
      ...card,
      id: helpArticles.id,
      body: helpArticles.body,
      updatedAt: helpArticles.updatedAt,
      publishedAt: helpArticles.publishedAt,
    })
    .from(helpArticles)
    .where(and(eq(helpArticles.slug, slug), published));
  return row ?? null;
}

/** /aide: every published article by category (in the catalogue's order), the most read, and a search if one was sent. */
export async function helpHome(
  db: Tx,
  q: string | undefined,
  mayKeepMiss?: () => Promise<boolean>,
): Promise<HelpHomeData> {
  const [all, mostRead, results] = await Promise.all([
    db.select(card).from(helpArticles).where(published).orderBy(asc(helpArticles.title)),
    db
      .select(card)
      .from(helpArticles)
      .innerJoin(helpArticleViews, eq(helpArticleViews.articleId, helpArticles.id))
      .where(published)
      .orderBy(desc(helpArticleViews.views), asc(helpArticles.title))
      .limit(MOST_READ),
    q ? askWithSnippets(db, q, mayKeepMiss) : null,
  ]);
  return {
    kind: 'home',
    categories: HELP_CATEGORIES.map((category) => ({
      category,
      articles: all.filter((a) => a.category === category),
    })).filter((c) => c.articles.length),
    mostRead,
    search: q && results ? { q, results } : null,
  };
}

/** /aide/<slug>: the article rendered, its category's other articles; null for a draft or an unknown address. */
export async function helpArticlePage(db: Tx, slug: string): Promise<(HelpArticleData & { id: number }) | null> {
  const row = await publishedArticle(db, slug);
  if (!row) return null;
  const related = await db
    .select(card)
    .from(helpArticles)
    .where(and(published, eq(helpArticles.category, row.category), ne(helpArticles.id, row.id)))
    .orderBy(asc(helpArticles.title))
    .limit(5);
  const { id, body, updatedAt, publishedAt, ...rest } = row;
  return {
    id,
    kind: 'article',
    article: {
      ...rest,
      html: renderMarkdown(body),
      updatedAt: updatedAt.toISOString(),
      publishedAt: (publishedAt ?? updatedAt).toISOString(),
    },
    related,
  };
}

/** The sitemap's help addresses: every published article with its last change. */
export async function publishedAddresses(db: Tx): Promise<{ slug: string; updatedAt: Date }[]> {
  return db
    .select({ slug: helpArticles.slug, updatedAt: helpArticles.updatedAt })
    .from(helpArticles)
    .where(published)
    .orderBy(asc(helpArticles.id));
}
