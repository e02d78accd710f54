import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { appSettings, helpArticles } from '#server/db/schema.ts';
import type { HelpCategory } from '#shared/help/help-labels.ts';
import { markdownText } from './markdown.ts';
import { ACCOUNT_ARTICLES } from './starter-articles-account.ts';
import { COMPUTER_ARTICLES } from './starter-articles-computer.ts';

export type StarterArticle = { slug: string; title: string; summary: string; category: HelpCategory; body: string };

/** Set once the starter articles were written: deleting one later never brings it back. */
const DONE = 'help.starter_articles';

/**
 * The help centre's first twelve articles, published at the first start (and on the first start of a version that
 * has them), then staff's to change or remove like any other. Several instances starting at once write them once:
 * the setting's key decides which one does.
 */
export async function writeStarterArticles(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const [first] = await tx
      .insert(appSettings)
      .values({ key: DONE, value: sql`to_jsonb(now())` })
      .onConflictDoNothing()
      .returning({ key: appSettings.key });
    if (!first) return 0;
    const written = await tx
      .insert(helpArticles)
      .values(
        [...COMPUTER_ARTICLES, ...ACCOUNT_ARTICLES].map((a) => ({
          ...a,
          bodyText: markdownText(a.body),
          status: 'published' as const,
          publishedAt: sql`now()`,
        })),
      )
      .onConflictDoNothing({ target: helpArticles.slug })
      .returning({ id: helpArticles.id });
    return written.length;
  });
}
