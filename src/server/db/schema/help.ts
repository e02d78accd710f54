// The help centre: articles staff write, what readers answer under them, and the searches that found nothing.
import { sql } from 'drizzle-orm';
import { customType, index, integer, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { HELP_ANSWERS, HELP_CATEGORIES, HELP_STATUSES } from '#shared/help/help-labels.ts';
import { staffUsers } from './staff.ts';
import { createdAt } from './columns.ts';

export const helpCategoryEnum = pgEnum('help_category', HELP_CATEGORIES);
export const helpStatusEnum = pgEnum('help_status', HELP_STATUSES);
export const helpAnswerEnum = pgEnum('help_answer', HELP_ANSWERS);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * French words with their accents taken off before stemming (`french_unaccent`, made by migration
 * 0032_help_french_search), so « ecran » finds « écran » and « imprimantes » finds « Imprimante ».
 */
export const HELP_SEARCH_CONFIG = 'public.french_unaccent';

export const helpArticles = pgTable(
  'help_articles',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    /** Markdown as staff wrote it; rendered on the server with raw HTML off (services/help/markdown.ts) */
    body: text('body').notNull(),
    /** the body's words without Markdown, for the search and its snippets */
    bodyText: text('body_text').notNull(),
    category: helpCategoryEnum('category').notNull(),
    status: helpStatusEnum('status').notNull().default('draft'),
    /** the title weighs most, then the summary, then the body (ts_rank reads the weights) */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('public.french_unaccent'::regconfig, title), 'A') || setweight(to_tsvector('public.french_unaccent'::regconfig, summary), 'B') || setweight(to_tsvector('public.french_unaccent'::regconfig, body_text), 'C')`,
      ),
    createdBy: integer('created_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** the first time an admin published it; kept when it goes back to draft and out again */
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [index('help_articles_search_idx').using('gin', t.search), index('help_articles_status_idx').on(t.status)],
);

/** One row per answer a reader gives (« Oui », « Non », « Cela a résolu mon problème »): nobody's name, only when. */
export const helpFeedback = pgTable(
  'help_feedback',
  {
    id: serial('id').primaryKey(),
    articleId: integer('article_id')
      .notNull()
      .references(() => helpArticles.id, { onDelete: 'cascade' }),
    answer: helpAnswerEnum('answer').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('help_feedback_article_idx').on(t.articleId)],
);

/** How many times each article's page was read: a counter, one row per article (a row per read would only grow). */
export const helpArticleViews = pgTable('help_article_views', {
  articleId: integer('article_id')
    .primaryKey()
    .references(() => helpArticles.id, { onDelete: 'cascade' }),
  views: integer('views').notNull().default(0),
});

/** What readers searched for and found nothing, once per wording (lower case, accents off), with how often. */
export const helpFailedSearches = pgTable(
  'help_failed_searches',
  {
    query: text('query').primaryKey(),
    count: integer('count').notNull().default(1),
    /** the first time it was searched */
    createdAt: createdAt(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('help_failed_searches_count_idx').on(t.count.desc())],
);
