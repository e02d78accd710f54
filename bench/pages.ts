// The public pages under load: each built page served by the app (PGlite, production settings), beside a bare
// Fastify route sending the very same bytes (the page as the app compressed it, with the same content type and
// encoding), in alternating slices of one run (BENCH_SECONDS per slice, BENCH_ROUNDS rounds), 50 connections,
// brotli accepted as a browser does. Build first. Writes bench/results/pages.json.
// Target (issue 12): `/` at least half the bare route's requests per second.
// First, as in the server: React loads its production build (it reads NODE_ENV as it loads).
import '#server/production-by-default.ts';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { migrateDatabase, openDatabase } from '#server/db/client.ts';
import { alternate, cannon } from './alternating.ts';

const PAGES = ['/', '/register', '/cgv', '/verify-invoice'];
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const TARGET_RATIO = 0.5;
const ACCEPT = 'accept-encoding=br, gzip, deflate';

/** The yardstick: a bare Fastify route answering the page's bytes as the app sent them, nothing else. */
async function bareRoute(page: { body: Buffer; contentType: string; encoding: string }) {
  const bare = Fastify();
  bare.get('/page', async (_request, reply) =>
    reply.header('content-type', page.contentType).header('content-encoding', page.encoding).send(page.body),
  );
  const base = await bare.listen({ port: 0, host: '127.0.0.1' });
  return { url: `${base}/page`, close: () => bare.close() };
}

export async function measurePages() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rfs-bench-pages-'));
  const database = await openDatabase({ DATA_DIR: dataDir });
  await migrateDatabase(database);
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://127.0.0.1',
    SESSION_SECRET: 'bench-pages-secret-0123456789',
  });
  const app = await buildApp({ config, database, pages: true, workers: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const results: Record<string, unknown> = {};
  try {
    for (const pagePath of PAGES) {
      const res = await app.inject({
        method: 'GET',
        url: pagePath,
        headers: { 'accept-encoding': 'br, gzip, deflate' },
      });
      if (res.statusCode !== 200) throw new Error(`${pagePath} answered ${res.statusCode}`);
      const page = {
        body: res.rawPayload,
        contentType: String(res.headers['content-type']),
        encoding: String(res.headers['content-encoding'] ?? 'identity'),
      };
      const bare = await bareRoute(page);
      try {
        const options = { connections: CONNECTIONS, seconds: SECONDS, headers: [ACCEPT] };
        // Warm-up (JIT, the page's first rendering), not recorded.
        await cannon(bare.url, { ...options, seconds: 2 });
        await cannon(`${base}${pagePath}`, { ...options, seconds: 2 });
        const { summary, perRound } = await alternate(
          {
            baseline: () => cannon(bare.url, options),
            page: () => cannon(`${base}${pagePath}`, options),
          },
          ROUNDS,
        );
        results[pagePath] = { bytes: page.body.length, encoding: page.encoding, ...summary, perRound };
      } finally {
        await bare.close();
      }
    }
    const result = {
      measuredAt: new Date().toISOString(),
      connections: CONNECTIONS,
      secondsPerSlice: SECONDS,
      rounds: ROUNDS,
      target: { ratioOfBareRoute: TARGET_RATIO, page: '/' },
      pages: results,
    };
    await mkdir('bench/results', { recursive: true });
    await writeFile('bench/results/pages.json', `${JSON.stringify(result, null, 2)}\n`);
    return result;
  } finally {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await measurePages();
  for (const [page, figures] of Object.entries(r.pages)) {
    const f = figures as {
      page: { ratio: number; requestsPerSec: number; p99Ms: number };
      baseline: { requestsPerSec: number };
      bytes: number;
    };
    console.log(
      `${page}: ${f.page.requestsPerSec} req/s vs bare ${f.baseline.requestsPerSec} → ratio ${f.page.ratio} (p99 ${f.page.p99Ms} ms, ${f.bytes} bytes)`,
    );
  }
}
