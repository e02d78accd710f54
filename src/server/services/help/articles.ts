import { desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db, Tx } from '#server/db/client.ts';
import { helpArticles, helpArticleViews, helpFeedback, staffUsers } from '#server/db/schema.ts';
import { isUniqueViolation } from '#server/db/db-errors.ts';
import { HttpError, notFound } from '#server/http-error.ts';
import { diff, writeAudit, type Actor } from '#server/services/security/audit.ts';
import type { StaffRole } from '#shared/staff/staff-labels.ts';
import type { helpArticleInputSchema, helpArticlePatchSchema, HelpArticleDto } from '#shared/help/help-admin-api.ts';
import { slugify } from '#shared/help/slug.ts';
import { markdownText } from './markdown.ts';
import { ARTICLE_NOT_FOUND } from './public-articles.ts';
import { forgetSearches } from './search.ts';

type Input = z.output<typeof helpArticleInputSchema>;
type Patch = z.output<typeof helpArticlePatchSchema>;
/** Who writes: an admin publishes, a technician drafts. */
type Author = Actor & { id: number; role: StaffRole };

const ADMINS_PUBLISH =
  'Seul un administrateur publie un article ou modifie un article publié : enregistrez le vôtre comme brouillon.';
const SLUG_TAKEN = 'Cette adresse est déjà celle d’un autre article : choisissez-en une autre.';

const editor = alias(staffUsers, 'editor');
const answered = (answer: 'yes' | 'no' | 'solved') =>
  sql<number>`(select count(*)::int from ${helpFeedback} f where f.article_id = ${helpArticles.id} and f.answer = ${answer})`;

/** Every article with what readers made of it, the last changed first. */
function selectArticles(db: Tx) {
  return db
    .select({
      id: helpArticles.id,
      slug: helpArticles.slug,
      title: helpArticles.title,
      summary: helpArticles.summary,
      body: helpArticles.body,
      category: helpArticles.category,
      status: helpArticles.status,
      updatedAt: helpArticles.updatedAt,
      publishedAt: helpArticles.publishedAt,
      updatedBy: editor.username,
      views: sql<number>`coalesce(${helpArticleViews.views}, 0)`,
      yes: answered('yes'),
      no: answered('no'),
      solved: answered('solved'),
    })
    .from(helpArticles)
    .leftJoin(editor, eq(editor.id, helpArticles.updatedBy))
    .leftJoin(helpArticleViews, eq(helpArticleViews.articleId, helpArticles.id));
}
type Row = Awaited<ReturnType<ReturnType<typeof selectArticles>['execute']>>[number];
const toDto = (r: Row): HelpArticleDto => ({
  ...r,
  updatedAt: r.updatedAt.toISOString(),
  publishedAt: r.publishedAt?.toISOString() ?? null,
});

export async function listArticles(db: Tx): Promise<HelpArticleDto[]> {
  const rows = await selectArticles(db).orderBy(desc(helpArticles.updatedAt), desc(helpArticles.id));
  return rows.map(toDto);
}

export async function getArticle(db: Tx, id: number): Promise<HelpArticleDto> {
  const [row] = await selectArticles(db).where(eq(helpArticles.id, id));
  if (!row) throw notFound(ARTICLE_NOT_FOUND);
  return toDto(row);
}

/** A free address from the title: `titre`, else `titre-2`, `titre-3`… */
async function freeSlug(db: Tx, title: string): Promise<string> {
  const base = slugify(title) || 'article';
  const taken = await db
    .select({ slug: helpArticles.slug })
    .from(helpArticles)
    .where(sql`${helpArticles.slug} = ${base} or ${helpArticles.slug} like ${`${base}-%`}`);
  const used = new Set(taken.map((t) => t.slug));
  let slug = base;
  for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

const slugTaken = () => new HttpError('ALREADY_EXISTS', SLUG_TAKEN, { slug: [SLUG_TAKEN] });

/** A new article; staff choose its address or get one from the title. */
export async function createArticle(db: Db, author: Author, input: Input): Promise<HelpArticleDto> {
  if (input.status === 'published' && author.role !== 'admin') throw new HttpError('ROLE_FORBIDDEN', ADMINS_PUBLISH);
  try {
    const saved = await db.transaction(async (tx) => {
      const slug = input.slug ?? (await freeSlug(tx, input.title));
      const [row] = await tx
        .insert(helpArticles)
        .values({
          slug,
          title: input.title,
          summary: input.summary,
          body: input.body,
          bodyText: markdownText(input.body),
          category: input.category,
          status: input.status,
          createdBy: author.id,
          updatedBy: author.id,
          publishedAt: input.status === 'published' ? sql`now()` : null,
        })
        .returning({ id: helpArticles.id });
      const { body: _body, ...after } = input;
      await writeAudit(tx, author, {
        action: 'help.create',
        entity: 'help_article',
        entityId: row!.id,
        after: { ...after, slug },
      });
      return getArticle(tx, row!.id);
    });
    forgetSearches(db);
    return saved;
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

/**
 * Changes an article. A technician may change a draft and keep it a draft; publishing, taking an article off the site
 * and changing what readers see are an admin's.
 */
export async function updateArticle(db: Db, author: Author, id: number, patch: Patch): Promise<HelpArticleDto> {
  try {
    const saved = await db.transaction(async (tx) => {
      const [current] = await tx.select().from(helpArticles).where(eq(helpArticles.id, id)).for('update');
      if (!current) throw notFound(ARTICLE_NOT_FOUND);
      const status = patch.status ?? current.status;
      if (author.role !== 'admin' && (current.status === 'published' || status === 'published')) {
        throw new HttpError('ROLE_FORBIDDEN', ADMINS_PUBLISH);
      }
      const changes = diff(
        {
          slug: current.slug,
          title: current.title,
          summary: current.summary,
          body: current.body,
          category: current.category,
          status: current.status,
        },
        patch,
      );
      if (!changes) return getArticle(tx, id);
      await tx
        .update(helpArticles)
        .set({
          ...changes.after,
          ...(changes.after.body !== undefined ? { bodyText: markdownText(changes.after.body) } : {}),
          ...(status === 'published' && !current.publishedAt ? { publishedAt: sql`now()` } : {}),
          updatedBy: author.id,
          updatedAt: sql`now()`,
        })
        .where(eq(helpArticles.id, id));
      const action =
        changes.after.status === 'published'
          ? 'help.publish'
          : changes.after.status === 'draft'
            ? 'help.unpublish'
            : 'help.update';
      await writeAudit(tx, author, { action, entity: 'help_article', entityId: id, ...changes });
      return getArticle(tx, id);
    });
    forgetSearches(db);
    return saved;
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

/** Removes an article and what readers answered under it (an admin's; the journal keeps its text). */
export async function deleteArticle(db: Db, author: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = await tx.delete(helpArticles).where(eq(helpArticles.id, id)).returning();
    if (!removed) throw notFound(ARTICLE_NOT_FOUND);
    const { search: _search, bodyText: _text, ...before } = removed;
    await writeAudit(tx, author, { action: 'help.delete', entity: 'help_article', entityId: id, before });
  });
  forgetSearches(db);
}
