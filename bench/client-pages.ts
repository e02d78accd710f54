// A signed-in client's pages rendered by the server, one request at a time (the time one client waits), on PGlite:
// GET /dashboard, /client/dashboard and a signed-in / for a client with a running plan, a pending renewal and six
// requests, beside GET /api/auth/user (one keyed read through the same HTTP stack) as the same-run yardstick.
// Then what those pages read (the session with the subscription, the orders and the requests), alone, both ways in
// alternating rounds on the same database: through the routes' services (the session, then for each list its rows,
// its count and their documents, ratings and staff names) and as the page reads it now, one prepared statement
// (services/page-reads/client-page-read.ts). Build first. Writes bench/results/client-pages.json (BENCH_BEFORE names a
// results file of the code before, kept under "before"). Target (speed issue): /dashboard median ≤ 4 ms.
// First, as in the server: React loads its production build (it reads NODE_ENV as it loads).
import '#server/production-by-default.ts';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { migrateDatabase, openDatabase } from '#server/db/client.ts';
import { interventions } from '#server/db/schema.ts';
import { createOrder } from '#server/services/orders/orders.ts';
import { createClientSession } from '#server/services/security/sessions.ts';
import { listClientOrders } from '#server/services/orders/client-orders.ts';
import { clientSessionReader } from '#server/services/clients/client-identity.ts';
import { clientPageReadStatement } from '#server/services/page-reads/client-page-read.ts';
import { listClientInterventions } from '#server/services/interventions/client-intervention-list.ts';
import type { Db } from '#server/db/client.ts';
import { todayIso } from '#shared/format.ts';
import { median } from './alternating.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PATHS = ['/dashboard', '/client/dashboard', '/', '/api/auth/user'] as const;

async function seed(dataDir: string) {
  const database = await openDatabase({ DATA_DIR: dataDir });
  await migrateDatabase(database);
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const order = (plan: 'famille' | 'pro', paymentStatus: 'paid' | 'pending', username = '') =>
    createOrder(
      database.db,
      {
        clientName: 'Claire Martin',
        clientEmail: 'claire@exemple.fr',
        clientPhone: '',
        username,
        password: username ? 'Azur-Passerelle-2026' : '',
        updatePassword: false,
        plan,
        paymentMethod: 'carte',
        paymentStatus,
        orderDate: todayIso(),
        notes: '',
      },
      { id: null, username: 'bench' },
      { config },
    );
  const created = await order('famille', 'paid', 'claire');
  await order('pro', 'pending');
  const clientId = created.order.clientId!;
  await database.db
    .insert(interventions)
    .values([1, 2, 3, 4, 5, 6].map((n) => ({ clientId, title: `Demande ${n}`, description: `Imprimante ${n}` })));
  const { token } = await createClientSession(database.db, clientId);
  return { database, clientId, token, cookie: `rfs_client=${token}` };
}

/** `REQUESTS` requests one after another; the median and the 90th percentile of their times, in ms. */
async function oneAtATime(url: string, cookie: string) {
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const start = performance.now();
    const res = await fetch(url, { headers: { cookie, 'accept-encoding': 'br, gzip' } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { medianMs: median(times), p90Ms: times[Math.floor(times.length * 0.9)]! };
}

/** The dashboard's reads (its first pages: 50 orders, 5 requests), `REQUESTS` times one after another, each way. */
async function readsBothWays(db: Db, clientId: number, token: string) {
  const readSession = clientSessionReader(db);
  const readPage = clientPageReadStatement(db);
  const ways = {
    services: async () => {
      await readSession(token, { subscription: true });
      await listClientOrders(db, clientId, { limit: 50, offset: 0 });
      await listClientInterventions(db, clientId, { limit: 5, offset: 0 });
    },
    oneStatement: async () => {
      await readPage(token, { orders: { limit: 50, offset: 0 }, interventions: { limit: 5, offset: 0 } });
    },
  };
  const time = async (run: () => Promise<void>) => {
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const start = performance.now();
      await run();
      times.push(performance.now() - start);
    }
    return median(times);
  };
  for (const run of Object.values(ways)) await time(run); // warm-up
  const rounds: Array<{ services: number; oneStatement: number }> = [];
  for (let round = 0; round < ROUNDS; round++) {
    // Alternately first: neither way always runs on a machine warmed (or loaded) by the other.
    if (round % 2) {
      const oneStatement = await time(ways.oneStatement);
      rounds.push({ oneStatement, services: await time(ways.services) });
    } else {
      const services = await time(ways.services);
      rounds.push({ services, oneStatement: await time(ways.oneStatement) });
    }
  }
  return rounds;
}

export async function measureClientPages() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rfs-bench-client-pages-'));
  const { database, clientId, token, cookie } = await seed(dataDir);
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://127.0.0.1',
    SESSION_SECRET: 'bench-client-pages-0123456789',
  });
  const app = await buildApp({ config, database, pages: true, workers: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const page = await (await fetch(`${base}/dashboard`, { headers: { cookie } })).text();
    if (!page.includes('Claire')) throw new Error('/dashboard was not rendered for the signed-in client');
    for (const p of PATHS) await oneAtATime(`${base}${p}`, cookie); // warm-up (JIT, lazy chunks), not recorded
    const rounds: Array<Record<string, { medianMs: number; p90Ms: number }>> = [];
    for (let round = 0; round < ROUNDS; round++) {
      const figures: Record<string, { medianMs: number; p90Ms: number }> = {};
      for (let i = 0; i < PATHS.length; i++) {
        const p = PATHS[(round + i) % PATHS.length]!;
        figures[p] = await oneAtATime(`${base}${p}`, cookie);
      }
      rounds.push(figures);
    }
    const readRounds = await readsBothWays(database.db, clientId, token);
    const round2 = (n: number) => Math.round(n * 100) / 100;
    const summary = Object.fromEntries(
      PATHS.map((p) => {
        const medians = rounds.map((r) => r[p]!.medianMs);
        const ratios = rounds.map((r) => r[p]!.medianMs / r['/api/auth/user']!.medianMs);
        return [
          p,
          {
            medianMs: round2(median(medians)),
            medianMsRange: [round2(Math.min(...medians)), round2(Math.max(...medians))],
            timesYardstick: round2(median(ratios)),
          },
        ];
      }),
    );
    const reads = {
      what: "the dashboard's reads (session, subscription, orders, requests): the routes' services against the page's one statement, median of each round",
      servicesMs: readRounds.map((r) => round2(r.services)),
      oneStatementMs: readRounds.map((r) => round2(r.oneStatement)),
      oneStatementOverServices: round2(median(readRounds.map((r) => r.oneStatement / r.services))),
    };
    const before = process.env.BENCH_BEFORE
      ? (JSON.parse(await readFile(process.env.BENCH_BEFORE, 'utf8')) as unknown)
      : undefined;
    const result = {
      date: new Date().toISOString(),
      database: 'pglite',
      requestsPerRound: REQUESTS,
      rounds: ROUNDS,
      yardstick: 'GET /api/auth/user, one request at a time through the same server',
      target: { '/dashboard medianMs': 4 },
      summary,
      reads,
      ...(before ? { before } : {}),
    };
    await mkdir(path.join(import.meta.dirname, 'results'), { recursive: true });
    await writeFile(
      path.join(import.meta.dirname, 'results', 'client-pages.json'),
      `${JSON.stringify(result, null, 2)}\n`,
    );
    console.log(JSON.stringify({ summary, reads }, null, 2));
    return result;
  } finally {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await measureClientPages();
