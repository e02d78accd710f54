import { sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { HELP_SEARCH_CONFIG } from '#server/db/schema.ts';
import { HELP_SEARCH_LIMIT, type HelpSearchResult, type SnippetPart } from '#shared/help/help-api.ts';
import type { HelpCategory } from '#shared/help/help-labels.ts';

/** Words of a query, at most this many: a description pasted whole still makes a short query. */
const MAX_WORDS = 12;
const MAX_WORD = 40;
/** Around the words ts_headline marks: control characters no article holds (fields refuse them, shared/common/fields.ts). */
const START = '\u0002';
const STOP = '\u0003';

/**
 * The words of what someone typed, letters and digits only, so nothing they type is read as a tsquery operator.
 * One-letter words go: in French they are elisions (« l’imprimante », « n’imprime »), never what is looked for.
 */
function queryWords(q: string): string[] {
  const words = q.normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? [];
  return words
    .filter((w) => w.length > 1)
    .slice(0, MAX_WORDS)
    .map((w) => w.slice(0, MAX_WORD));
}

/** `w1 & w2 & last:*`: the last word is still being typed, so it matches as a prefix. */
function tsQuery(words: string[], join: '&' | '|'): string {
  return words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(` ${join} `);
}

/** ts_headline's text with its marks, as parts a page renders with React (no HTML travels). */
function snippetParts(headline: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  for (const [i, piece] of headline.split(START).entries()) {
    const [found, rest] = i === 0 ? [undefined, piece] : piece.split(STOP);
    if (found) parts.push({ text: found, found: true });
    if (rest) parts.push({ text: rest, found: false });
  }
  return parts;
}

type Row = { slug: string; title: string; summary: string; category: HelpCategory; headline: string };

async function run(db: Tx, query: string, limit: number): Promise<HelpSearchResult[]> {
  // The best articles first (an index scan and the ranking), then the snippet of those few only: ts_headline reads the
  // whole body again, the costliest part of a search.
  const result = await db.execute<Row>(sql`
    with q as (select to_tsquery(${HELP_SEARCH_CONFIG}::regconfig, ${query}) as query),
    best as (
      select a.id, ts_rank(a.search, q.query) as rank
      from help_articles a, q
      where a.status = 'published' and a.search @@ q.query
      order by rank desc, a.id
      limit ${limit}
    )
    select a.slug, a.title, a.summary, a.category,
      ts_headline(${HELP_SEARCH_CONFIG}::regconfig, a.body_text, q.query,
        ${`StartSel=${START}, StopSel=${STOP}, MaxWords=28, MinWords=12, MaxFragments=1, FragmentDelimiter=" … "`})
        as headline
    from best join help_articles a on a.id = best.id, q
    order by best.rank desc, a.id`);
  return result.rows.map((r) => ({
    slug: r.slug,
    title: r.title,
    summary: r.summary,
    category: r.category,
    snippet: snippetParts(r.headline),
  }));
}

/**
 * The published articles that best answer a query, in French (stemmed, accents ignored), title over summary over
 * body. Every word must be found; when that finds nothing, any of them (a request's description is a sentence, not
 * keywords), the articles with more of them first.
 */
export async function searchArticles(db: Tx, q: string, limit = HELP_SEARCH_LIMIT): Promise<HelpSearchResult[]> {
  const words = queryWords(q);
  if (!words.length) return [];
  const all = await run(db, tsQuery(words, '&'), limit);
  if (all.length || words.length === 1) return all;
  return run(db, tsQuery(words, '|'), limit);
}

/** How a query is kept among the misses: lower case, accents off, single spaces, so one question counts once. */
function missKey(q: string): string {
  return q.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim().slice(0, 100);
}

/** A question someone asked that found nothing: counted, so staff know what to write next. */
async function recordMiss(db: Tx, q: string): Promise<void> {
  const key = missKey(q);
  if (!queryWords(key).length) return;
  await db.execute(sql`
    insert into help_failed_searches (query) values (${key})
    on conflict (query) do update set count = help_failed_searches.count + 1, last_at = now()`);
}

/** Searches as a person asked them: a miss is kept. */
export async function askArticles(db: Tx, q: string): Promise<HelpSearchResult[]> {
  const found = await searchArticles(db, q);
  if (!found.length) await recordMiss(db, q);
  return found;
}
