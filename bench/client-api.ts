// The client's hot reads under load on PostgreSQL: GET /api/auth/user, /api/client/interventions and
// /api/subscriptions/current, 50 connections, against the built server in its own process, beside a bare Fastify
// route doing one keyed `pg` lookup in a process of its own (the yardstick), measured in the same run (alternating
// slices, see below; BENCH_SECONDS per slice, BENCH_ROUNDS rounds). Build first.
// Writes bench/results/client-api.json. Target (issue 36): at least 80 % of the yardstick's requests/s, p99 < 15 ms.
// Each figure also gives the server process's CPU time per answer (cpuUsPerRequest, read from /proc): steadier than
// requests/s on a shared machine, it says how much of a gap is the server's own work; and PostgreSQL's
// (databaseCpuUsPerRequest): on this machine, the database shares the cores with the server.
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import pg from 'pg';
import { loadConfig } from '#server/config.ts';
import { migrateDatabase, openDatabase } from '#server/db/client.ts';
import { clientSessions, interventions } from '#server/db/schema.ts';
import { createOrder } from '#server/services/orders/orders.ts';
import { createClientSession, hashSessionToken } from '#server/services/security/sessions.ts';
import { todayIso } from '#shared/format.ts';
import { seedOrders } from './seed.ts';
import { alternate, cannon } from './alternating.ts';
import { startServer } from './server.ts';

const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DB_NAME = 'rfs_bench_client';
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const TARGETS = { ratio: 0.8, p99Ms: 15 };
const PORT = 3191;

function databaseUrl(name: string): string {
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** 50,000 orders for 10,000 clients, 10,000 open sessions, and one signed-in client with a running subscription. */
async function seedHotPath(url: string, dataDir: string) {
  const database = await openDatabase({ DATABASE_URL: url, DATA_DIR: dataDir });
  await migrateDatabase(database);
  await seedOrders(database.db);
  const expiresAt = new Date(Date.now() + 86_400_000);
  for (let start = 0; start < 10_000; start += 1000) {
    await database.db.insert(clientSessions).values(
      Array.from({ length: 1000 }, (_, i) => ({
        idHash: hashSessionToken(randomBytes(32).toString('base64url')),
        clientId: 1 + ((start + i) % 10_000),
        expiresAt,
      })),
    );
  }
  const clientId = 42;
  await createOrder(
    database.db,
    {
      clientName: 'Client 42',
      clientEmail: 'client42@exemple.fr',
      clientPhone: '',
      username: '',
      password: '',
      updatePassword: false,
      plan: 'standard',
      paymentMethod: 'carte',
      paymentStatus: 'paid',
      orderDate: todayIso(),
      notes: '',
    },
    { id: null, username: 'bench' },
    { config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }) },
  );
  await database.db
    .insert(interventions)
    .values([1, 2].map((n) => ({ clientId, title: 'Demande', description: `Demande ${n}` })));
  const { token } = await createClientSession(database.db, clientId);
  await database.db.execute('analyze');
  return { database, cookie: `rfs_client=${token}` };
}

/** The yardstick in its own process (bench/yardstick-server.ts), as the app's server is in its own. */
async function bareRoute(url: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/yardstick-server.ts'], {
    env: { ...process.env, DATABASE_URL: url, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(child.stdout!, 'data')) as [Buffer];
  return {
    url: `${line.toString().trim()}/baseline/42`,
    pid: child.pid!,
    close: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}

const ROUTES = {
  authUser: '/api/auth/user',
  clientInterventions: '/api/client/interventions',
  subscriptionsCurrent: '/api/subscriptions/current',
} as const;

export async function measureClientApi() {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${DB_NAME}`);
  await admin.query(`create database ${DB_NAME}`);
  const url = databaseUrl(DB_NAME);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rfs-bench-client-'));
  const { database, cookie } = await seedHotPath(url, dataDir);
  await database.close();
  // The app as deployed: the built server in its own process, production settings, its log lines written (discarded
  // by the bench, as a deployment hands them to its journal). BENCH_CPU_PROF=1 writes a CPU profile of the server.
  const server = await startServer(
    PORT,
    { DATABASE_URL: url, NODE_ENV: 'production', LOG_LEVEL: 'info' },
    {
      logs: 'discard',
      nodeFlags: process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir=bench/results/profiles'] : [],
    },
  );
  const base = server.url;
  const bare = await bareRoute(url);
  try {
    const headers = [`cookie=${cookie}`];
    for (const route of Object.values(ROUTES)) {
      const res = await fetch(`${base}${route}`, { headers: { cookie } });
      const body = await res.text();
      if (res.status !== 200 || body === 'null') throw new Error(`${route} answered ${res.status} ${body}`);
    }
    // Warm-up (JIT, prepared statements, pool connections), not recorded.
    const options = {
      connections: CONNECTIONS,
      seconds: SECONDS,
      // PostgreSQL's CPU time is read from this machine's processes: counted only when the database runs here.
      ...(['127.0.0.1', 'localhost', '[::1]'].includes(new URL(PG_URL).hostname)
        ? { database: 'local-postgres' as const }
        : {}),
    };
    for (const target of [bare.url, ...Object.values(ROUTES).map((r) => `${base}${r}`)])
      await cannon(target, { ...options, headers, seconds: 3 });

    // The machine is shared: the routes are measured in short alternating slices (bench/alternating.ts).
    const { summary, perRound: rounds } = await alternate(
      {
        baseline: () => cannon(bare.url, { ...options, pid: bare.pid }),
        ...(Object.fromEntries(
          Object.entries(ROUTES).map(([name, route]) => [
            name,
            () => cannon(`${base}${route}`, { ...options, headers, pid: server.process.pid }),
          ]),
        ) as Record<keyof typeof ROUTES, () => ReturnType<typeof cannon>>),
      },
      ROUNDS,
    );
    const result = {
      measuredAt: new Date().toISOString(),
      database: 'postgres',
      connections: CONNECTIONS,
      secondsPerSlice: SECONDS,
      rounds: ROUNDS,
      targets: TARGETS,
      ...summary,
      perRound: rounds,
    };
    await mkdir('bench/results', { recursive: true });
    await writeFile('bench/results/client-api.json', `${JSON.stringify(result, null, 2)}\n`);
    return result;
  } finally {
    await bare.close();
    await server.stop();
    await admin.query(`drop database if exists ${DB_NAME}`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await measureClientApi();
  console.log(JSON.stringify(r, (key, value) => (key === 'perRound' ? undefined : value), 2));
}
