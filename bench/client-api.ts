// The client dashboard's two reads under load on PostgreSQL: GET /api/auth/user and GET /api/subscriptions/current,
// 50 connections, beside a bare Fastify route doing one keyed `pg` lookup, measured in the same run (alternating
// slices, see below; BENCH_SECONDS per slice, BENCH_ROUNDS rounds).
// Writes bench/results/client-api.json. Target: each at least 70 % of the bare route's requests/s, p99 under 25 ms.
// First, as in the server: React loads its production build (it reads NODE_ENV as it loads).
import '#server/production-by-default.ts';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { migrateDatabase, openDatabase } from '#server/db/client.ts';
import { clientSessions, interventions } from '#server/db/schema.ts';
import { createOrder } from '#server/services/orders/orders.ts';
import { createClientSession, hashSessionToken } from '#server/services/security/sessions.ts';
import { todayIso } from '#shared/format.ts';
import { seedOrders } from './seed.ts';
import { alternate, cannon } from './alternating.ts';

const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DB_NAME = 'rfs_bench_client';
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const TARGETS = { ratio: 0.7, p99Ms: 25 };

function databaseUrl(name: string): string {
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** 50,000 orders for 10,000 clients, 10,000 open sessions, and one signed-in client with a running subscription. */
async function seed(url: string, dataDir: string) {
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

/** The yardstick: a bare Fastify route answering one keyed lookup with raw `pg`, on a pool of the app's size. */
async function bareRoute(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const bare = Fastify();
  bare.get<{ Params: { id: string } }>('/baseline/:id', async (request, reply) => {
    const { rows } = await pool.query(
      'select id, first_name, last_name, email, created_at from clients where id = $1',
      [Number(request.params.id)],
    );
    if (!rows[0]) return reply.status(404).send({ message: 'Introuvable' });
    const r = rows[0];
    return { id: r.id, firstName: r.first_name, lastName: r.last_name, email: r.email, createdAt: r.created_at };
  });
  const base = await bare.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `${base}/baseline/42`,
    close: async () => {
      await bare.close();
      await pool.end();
    },
  };
}

export async function measureClientApi() {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${DB_NAME}`);
  await admin.query(`create database ${DB_NAME}`);
  const url = databaseUrl(DB_NAME);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rfs-bench-client-'));
  const { database, cookie } = await seed(url, dataDir);
  // The app as deployed: production settings, its own pool (openDatabase's size), logs off.
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url, LOG_LEVEL: 'silent', NODE_ENV: 'production' });
  const app = await buildApp({ config, database });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const bare = await bareRoute(url);
  try {
    const headers = [`cookie=${cookie}`];
    for (const route of ['/api/auth/user', '/api/subscriptions/current']) {
      const res = await fetch(`${base}${route}`, { headers: { cookie } });
      const body = await res.text();
      if (res.status !== 200 || body === 'null') throw new Error(`${route} answered ${res.status} ${body}`);
    }
    // Warm-up (JIT, prepared statements, pool connections), not recorded.
    const options = { connections: CONNECTIONS, seconds: SECONDS };
    for (const target of [bare.url, `${base}/api/auth/user`, `${base}/api/subscriptions/current`])
      await cannon(target, { ...options, headers, seconds: 3 });

    // The machine is shared: the three routes are measured in short alternating slices (bench/alternating.ts).
    const { summary, perRound: rounds } = await alternate(
      {
        baseline: () => cannon(bare.url, options),
        authUser: () => cannon(`${base}/api/auth/user`, { ...options, headers }),
        subscriptionsCurrent: () => cannon(`${base}/api/subscriptions/current`, { ...options, headers }),
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
    await app.close();
    await database.close();
    await admin.query(`drop database if exists ${DB_NAME}`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await measureClientApi();
  console.log(JSON.stringify(r, null, 2));
}
