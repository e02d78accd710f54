// The help centre's search under load: GET /api/help/search?q=… with 1,000 articles (900 published), 10 connections,
// on PGlite and on PostgreSQL, queries rotating over what clients type (one word, a prefix, a sentence, no accent).
// Four routes measured in alternating slices of one run (bench/alternating.ts), per database:
//   baseline  a bare Fastify route reading one article by its address (the yardstick the ratios are against);
//   before    a bare route running the search as it was first written (a CTE, the any-word query, ts_headline over
//             each body), kept here verbatim;
//   uncached  a bare route running today's search with its short cache emptied before each request, as if every
//             query were new;
//   api       the app's own route, as clients call it (its cache on).
// Writes bench/results/help-search.json. Target: p99 under 20 ms on each database.
import '#server/production-by-default.ts';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { migrateDatabase, openPglite, openPostgres, type Database } from '#server/db/client.ts';
import { helpArticles } from '#server/db/schema.ts';
import { markdownText } from '#server/services/help/markdown.ts';
import { forgetSearches, searchArticles } from '#server/services/help/search.ts';
import { COMPUTER_ARTICLES } from '#server/services/help/starter-articles-computer.ts';
import { ACCOUNT_ARTICLES } from '#server/services/help/starter-articles-account.ts';
import { alternate, cannon } from './alternating.ts';

const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DB_NAME = 'rfs_bench_help';
const ARTICLES = 1000;
const CONNECTIONS = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const TARGET_P99_MS = 20;
const QUERIES = [
  'imprimantes',
  'ecran noir',
  'mot de pa',
  'mon ordinateur est tres lent depuis hier',
  'wifi box',
  'sauvegarder photos',
  'facture',
  'windows update bloque',
];

/** 1,000 articles: the twelve starters again and again, each with a number and its words shuffled a little. */
async function seed(database: Database) {
  await migrateDatabase(database);
  const starters = [...COMPUTER_ARTICLES, ...ACCOUNT_ARTICLES];
  const rows = Array.from({ length: ARTICLES }, (_, i) => {
    const a = starters[i % starters.length]!;
    const body = `${a.body}\n\nFiche ${i} : ${a.summary}`;
    return {
      slug: `${a.slug}-${i}`,
      title: `${a.title} (${i})`,
      summary: a.summary,
      body,
      bodyText: markdownText(body),
      category: a.category,
      status: i % 10 === 9 ? ('draft' as const) : ('published' as const),
    };
  });
  for (let start = 0; start < rows.length; start += 200) {
    await database.db.insert(helpArticles).values(rows.slice(start, start + 200));
  }
  // The search before is measured on the table as it was laid then: the tsvector stored the default way (it went out
  // of the row, migration 0039 keeps it in).
  await database.db.execute(
    sql.raw(`
    create table help_articles_before (like help_articles including defaults including generated including indexes)`),
  );
  await database.db.execute(
    sql.raw(`
    insert into help_articles_before (id, slug, title, summary, body, body_text, category, status)
    select id, slug, title, summary, body, body_text, category, status from help_articles`),
  );
  await database.db.execute('analyze');
}

/** The search as first written (before this bench's figures were met): one CTE-joined query, then the any-word one. */
async function searchBefore(database: Database, q: string) {
  const words = (q.normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length > 1).slice(0, 12);
  if (!words.length) return [];
  const run = async (query: string) =>
    (
      await database.db.execute(sql`
    with q as (select to_tsquery('public.french_unaccent'::regconfig, ${query}) as query),
    best as (
      select a.id, ts_rank(a.search, q.query) as rank
      from help_articles_before a, q
      where a.status = 'published' and a.search @@ q.query
      order by rank desc, a.id
      limit 5
    )
    select a.slug, a.title, a.summary, a.category,
      ts_headline('public.french_unaccent'::regconfig, a.body_text, q.query,
        'StartSel=<b>, StopSel=</b>, MaxWords=28, MinWords=12, MaxFragments=1, FragmentDelimiter=" … "') as headline
    from best join help_articles_before a on a.id = best.id, q
    order by best.rank desc, a.id`)
    ).rows;
  const tsq = (join: string) => words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(` ${join} `);
  const all = await run(tsq('&'));
  if (all.length || words.length === 1) return all;
  return run(tsq('|'));
}

/** The yardstick and the search before and uncached, as bare routes on the same database. */
async function bareRoutes(database: Database) {
  const bare = Fastify();
  bare.get<{ Querystring: { slug: string } }>('/article', async (request) => {
    const { rows } = await database.db.execute(
      sql`select slug, title, summary, category from help_articles where slug = ${request.query.slug}`,
    );
    return rows;
  });
  bare.get<{ Querystring: { q: string } }>('/before', async (request) => searchBefore(database, request.query.q));
  bare.get<{ Querystring: { q: string } }>('/uncached', async (request) => {
    forgetSearches(database.db);
    return searchArticles(database.db, request.query.q);
  });
  return { base: await bare.listen({ port: 0, host: '127.0.0.1' }), close: () => bare.close() };
}

async function measure(kind: 'pglite' | 'postgres') {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rfs-bench-help-'));
  let database: Database;
  let admin: pg.Client | undefined;
  if (kind === 'pglite') database = await openPglite();
  else {
    admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${DB_NAME}`);
    await admin.query(`create database ${DB_NAME}`);
    const url = new URL(PG_URL);
    url.pathname = `/${DB_NAME}`;
    database = await openPostgres(url.toString());
  }
  await seed(database);
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'bench-secret-0123456789abcdef',
  });
  const app = await buildApp({ config, database, workers: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const bare = await bareRoutes(database);
  const searches = QUERIES.map((q) => `?q=${encodeURIComponent(q)}`);
  const slugs = [...COMPUTER_ARTICLES, ...ACCOUNT_ARTICLES]
    .slice(0, QUERIES.length)
    .map((a, i) => `?slug=${a.slug}-${i}`);
  const load = { connections: CONNECTIONS, seconds: SECONDS };
  const targets = {
    baseline: () => cannon(bare.base, { ...load, paths: slugs.map((s) => `/article${s}`) }),
    before: () => cannon(bare.base, { ...load, paths: searches.map((s) => `/before${s}`) }),
    uncached: () => cannon(bare.base, { ...load, paths: searches.map((s) => `/uncached${s}`) }),
    api: () => cannon(base, { ...load, paths: searches.map((s) => `/api/help/search${s}`) }),
  };
  try {
    // Warm-up (JIT, statement plans, pages), not recorded.
    for (const target of Object.values(targets)) await target();
    const { summary, perRound } = await alternate(targets, ROUNDS);
    return {
      database: kind,
      ...summary,
      meetsTarget: summary.api.p99Ms < TARGET_P99_MS && summary.api.non2xx + summary.api.errors === 0,
      uncachedMeetsTarget: summary.uncached.p99Ms < TARGET_P99_MS,
      perRound,
    };
  } finally {
    await bare.close();
    await app.close();
    await database.close();
    if (admin) {
      await admin.query(`drop database if exists ${DB_NAME}`);
      await admin.end();
    }
    await rm(dataDir, { recursive: true, force: true });
  }
}

const results = [await measure('pglite'), await measure('postgres')];
const report = {
  measuredAt: new Date().toISOString(),
  articles: ARTICLES,
  connections: CONNECTIONS,
  secondsPerSlice: SECONDS,
  rounds: ROUNDS,
  targetP99Ms: TARGET_P99_MS,
  results,
};
await mkdir('bench/results', { recursive: true });
await writeFile('bench/results/help-search.json', `${JSON.stringify(report, null, 2)}\n`);
console.log(JSON.stringify(report, null, 2));
if (!results.every((r) => r.meetsTarget)) process.exitCode = 1;
