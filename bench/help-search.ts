// The help centre's search under load: GET /api/help/search?q=… with 1,000 published articles, 10 connections, on
// PGlite and on PostgreSQL, queries rotating over what clients type (one word, a prefix, a sentence, no accent).
// Writes bench/results/help-search.json. Target: p99 under 20 ms on each database.
import '#server/production-by-default.ts';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { migrateDatabase, openPglite, openPostgres, type Database } from '#server/db/client.ts';
import { helpArticles } from '#server/db/schema.ts';
import { markdownText } from '#server/services/help/markdown.ts';
import { COMPUTER_ARTICLES } from '#server/services/help/starter-articles-computer.ts';
import { ACCOUNT_ARTICLES } from '#server/services/help/starter-articles-account.ts';

const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DB_NAME = 'rfs_bench_help';
const ARTICLES = 1000;
const CONNECTIONS = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
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
  await database.db.execute('analyze');
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
  // Warm the statement plans and the pages before measuring.
  for (const q of QUERIES) await fetch(`${base}/api/help/search?q=${encodeURIComponent(q)}`);
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: QUERIES.map((q) => ({ method: 'GET', path: `/api/help/search?q=${encodeURIComponent(q)}` })),
  });
  await app.close();
  await database.close();
  if (admin) {
    await admin.query(`drop database if exists ${DB_NAME}`);
    await admin.end();
  }
  await rm(dataDir, { recursive: true, force: true });
  return {
    database: kind,
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: { p50: result.latency.p50, p97_5: result.latency.p97_5, p99: result.latency.p99 },
    non2xx: result.non2xx + result.errors,
    meetsTarget: result.latency.p99 < TARGET_P99_MS && result.non2xx + result.errors === 0,
  };
}

const results = [await measure('pglite'), await measure('postgres')];
const report = {
  measuredAt: new Date().toISOString(),
  articles: ARTICLES,
  connections: CONNECTIONS,
  seconds: SECONDS,
  targetP99Ms: TARGET_P99_MS,
  results,
};
await mkdir('bench/results', { recursive: true });
await writeFile('bench/results/help-search.json', `${JSON.stringify(report, null, 2)}\n`);
console.log(JSON.stringify(report, null, 2));
if (!results.every((r) => r.meetsTarget)) process.exitCode = 1;
