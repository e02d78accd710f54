import { sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { HELP_SEARCH_CONFIG } from '#server/db/schema.ts';
import {
  HELP_SEARCH_LIMIT,
  type HelpSearchHit,
  type HelpSearchResult,
  type SnippetPart,
} from '#shared/help/help-api.ts';

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

/**
 * The forms of a word to look for. The French stemmer reads an English loanword in -er as a verb and cuts it
 * differently from its plural: « scanner » → scann, « scanners » → scanner. So such a word is also asked in its
 * other number, and either form finds the other. No French stop word ends in -er or -ers, so neither form can turn a
 * word the search ignores into one it requires.
 */
function forms(word: string): string[] {
  const lower = word.toLowerCase();
  if (lower.length > 4 && lower.endsWith('ers')) return [word, word.slice(0, -1)];
  if (lower.length > 3 && lower.endsWith('er')) return [word, `${word}s`];
  return [word];
}

/** One word's terms: its forms, as a prefix when it is the last word (still being typed). */
function wordTerm(word: string, last: boolean): string {
  const terms = forms(word).map((w) => (last ? `${w}:*` : w));
  return terms.length > 1 ? `(${terms.join(' | ')})` : terms[0]!;
}

/** `w1 & (w2 | w2s) & last:*`: the last word is still being typed, so it matches as a prefix. */
function tsQuery(words: string[], join: '&' | '|'): string {
  return words.map((word, i) => wordTerm(word, i === words.length - 1)).join(` ${join} `);
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

/**
 * The best articles for a tsquery. The query is written out where it is used, not
 * joined from a CTE, so the planner can take the GIN index on `search` (a CTE made it read and rank every row).
 */
async function best(db: Tx, query: string, limit: number): Promise<HelpSearchResult[]> {
  const tsq = sql`to_tsquery(${HELP_SEARCH_CONFIG}::regconfig, ${query})`;
  const result = await db.execute<HelpSearchResult>(sql`
    select a.slug, a.title, a.summary, a.category
    from help_articles a
    where a.status = 'published' and a.search @@ ${tsq}
    order by ts_rank(a.search, ${tsq}) desc, a.id
    limit ${limit}`);
  return result.rows;
}

/**
 * When every word is not found: the articles holding at least two of the words that count (one when the question
 * has fewer than three), the most matching first. One common word alone (« plus », « marche ») is no answer to a
 * sentence: « Ma souris ne répond plus » found the printer and the Internet articles by « plus ». Stop words (« ma »,
 * « ne ») count for nothing: their tsquery is empty.
 */
async function mostWords(db: Tx, words: string[], limit: number): Promise<HelpSearchResult[]> {
  const any = sql`to_tsquery(${HELP_SEARCH_CONFIG}::regconfig, ${tsQuery(words, '|')})`;
  const each = words.map(
    (word, i) => sql`to_tsquery(${HELP_SEARCH_CONFIG}::regconfig, ${wordTerm(word, i === words.length - 1)})`,
  );
  const matched = sql.join(
    each.map((q) => sql`(a.search @@ ${q})::int`),
    sql` + `,
  );
  const counted = sql.join(
    each.map((q) => sql`(numnode(${q}) > 0)::int`),
    sql` + `,
  );
  const result = await db.execute<HelpSearchResult>(sql`
    select a.slug, a.title, a.summary, a.category
    from help_articles a
    where a.status = 'published' and a.search @@ ${any}
      and ${matched} >= case when ${counted} >= 3 then 2 else 1 end
    order by ${matched} desc, ts_rank(a.search, ${any}) desc, a.id
    limit ${limit}`);
  return result.rows;
}

/**
 * Every word must be found; when that finds nothing, most of them (a request's description is a sentence, not
 * keywords). The second query runs only when the first found nothing.
 */
async function find(db: Tx, words: string[], limit: number): Promise<HelpSearchResult[]> {
  const all = await best(db, tsQuery(words, '&'), limit);
  if (all.length || words.length === 1) return all;
  return mostWords(db, words, limit);
}

/**
 * What was found lately, per application and per normalised query: people type the same few things (« imprimante »,
 * « wifi »), and a search while typing asks at every pause. Short-lived and forgotten whenever staff change an
 * article on this instance; another instance (PostgreSQL) sees a change within CACHE_MS.
 */
const CACHE_MS = 30_000;
const CACHE_SIZE = 500;
type Cached = { at: number; results: HelpSearchResult[] };
const caches = new WeakMap<object, Map<string, Cached>>();

/** Staff changed an article: what this application found before may be wrong now. */
export function forgetSearches(db: Tx): void {
  caches.delete(db);
}

/** The published articles that best answer a query, in French (stemmed, accents ignored), title over summary over body. */
export async function searchArticles(db: Tx, q: string, limit = HELP_SEARCH_LIMIT): Promise<HelpSearchResult[]> {
  const words = queryWords(q);
  if (!words.length) return [];
  const key = `${limit} ${normalise(words.join(' '))}`;
  let cache = caches.get(db);
  const hit = cache?.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.results;
  const results = await find(db, words, limit);
  if (!cache) caches.set(db, (cache = new Map()));
  cache.delete(key);
  // A Map keeps its insertion order: the first key is the one asked longest ago.
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, { at: Date.now(), results });
  return results;
}

/**
 * /aide's search box: the same articles, each with a snippet of its body, the words found marked. Only this page
 * shows snippets, so only it pays for ts_headline, which reads each body again (the costliest part of a search).
 */
async function searchWithSnippets(db: Tx, q: string): Promise<HelpSearchHit[]> {
  const found = await searchArticles(db, q);
  if (!found.length) return [];
  const query = tsQuery(queryWords(q), '|');
  const result = await db.execute<{ slug: string; headline: string }>(sql`
    select a.slug, ts_headline(${HELP_SEARCH_CONFIG}::regconfig, a.body_text,
        to_tsquery(${HELP_SEARCH_CONFIG}::regconfig, ${query}),
        ${`StartSel=${START}, StopSel=${STOP}, MaxWords=28, MinWords=12, MaxFragments=1, FragmentDelimiter=" … "`})
        as headline
    from help_articles a
    where a.slug in (${sql.join(
      found.map((f) => sql`${f.slug}`),
      sql`, `,
    )})`);
  const headlines = new Map(result.rows.map((r) => [r.slug, r.headline]));
  return found.map((f) => ({ ...f, snippet: snippetParts(headlines.get(f.slug) ?? '') }));
}

/** Lower case, accents off, single spaces: one question however it was typed. */
function normalise(q: string): string {
  return q.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** How a query is kept among the misses, so one question counts once. */
const missKey = (q: string) => normalise(q).slice(0, 100);

/** A question someone asked that found nothing: counted, so staff know what to write next. */
async function recordMiss(db: Tx, q: string): Promise<void> {
  const key = missKey(q);
  if (!queryWords(key).length) return;
  await db.execute(sql`
    insert into help_failed_searches (query) values (${key})
    on conflict (query) do update set count = help_failed_searches.count + 1, last_at = now()`);
}

/** Searches as a person asked them (the chat bot): a miss is kept. */
export async function askArticles(db: Tx, q: string): Promise<HelpSearchResult[]> {
  const found = await searchArticles(db, q);
  if (!found.length) await recordMiss(db, q);
  return found;
}

/**
 * /aide's search box, sent by a person: a miss is kept, when `mayKeepMiss` allows it (the page counts its misses per
 * address, as the API's question does; past the allowance the page still answers, and nothing is written).
 */
export async function askWithSnippets(
  db: Tx,
  q: string,
  mayKeepMiss: () => Promise<boolean> = async () => true,
): Promise<HelpSearchHit[]> {
  const found = await searchWithSnippets(db, q);
  if (!found.length && (await mayKeepMiss())) await recordMiss(db, q);
  return found;
}
