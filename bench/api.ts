// Back-office and verification API under load, with 50,000 orders, on PGlite and on PostgreSQL.
// Writes bench/results/api.json. Run after `npm run build` is not needed: only the API is served.
// First, as in the server: React loads its production build (it reads NODE_ENV as it loads).
import '#server/production-by-default.ts';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { migrateDatabase, openPglite, openPostgres, type Database } from '#server/db/client.ts';
import { ensureStaffAccount } from '#server/services/staff/staff-bootstrap.ts';
import { seedOrders } from './seed.ts';

const run = promisify(execFile);
const ADMIN = { ADMIN_USERNAME: 'bench', ADMIN_PASSWORD: 'bench-password-1' };
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

type Cannon = {
  requests: { average: number };
  latency: { average: number; p50: number; p99: number; max: number };
  non2xx: number;
  errors: number;
};

async function cannon(url: string, args: string[]): Promise<Cannon> {
  const { stdout } = await run('npx', ['autocannon', '--json', ...args, url], { maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(stdout) as Cannon;
}

/** Latency of one endpoint, one request at a time (what a member of staff waits for). */
async function latency(url: string, cookie: string) {
  const r = await cannon(url, ['-c', '1', '-a', '100', '-H', `cookie=${cookie}`]);
  return { meanMs: r.latency.average, p50Ms: r.latency.p50, p99Ms: r.latency.p99, non2xx: r.non2xx };
}

async function fresh(kind: 'pglite' | 'postgres'): Promise<{ database: Database; cleanup(): Promise<void> }> {
  if (kind === 'pglite') {
    const dir = await mkdtemp(path.join(tmpdir(), 'rfs-bench-db-'));
    const database = await openPglite({ dataDir: dir });
    return {
      database,
      cleanup: async () => {
        await database.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  }
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query('drop database if exists rfs_bench');
  await admin.query('create database rfs_bench');
  const url = new URL(PG_URL);
  url.pathname = '/rfs_bench';
  const database = await openPostgres(url.toString(), 20);
  return {
    database,
    cleanup: async () => {
      await database.close();
      await admin.query('drop database if exists rfs_bench');
      await admin.end();
    },
  };
}

async function benchDatabase(kind: 'pglite' | 'postgres') {
  const { database, cleanup } = await fresh(kind);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rfs-bench-data-'));
  try {
    await migrateDatabase(database);
    const t0 = performance.now();
    const keys = await seedOrders(database.db);
    const seedMs = Math.round(performance.now() - t0);
    const config = loadConfig({ ...ADMIN, DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'production' });
    await ensureStaffAccount(database.db, config, pino({ level: 'silent' }));
    const app = await buildApp({ config, database, verifyRateLimit: 1_000_000_000 });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const login = await fetch(`${base}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: ADMIN.ADMIN_USERNAME, password: ADMIN.ADMIN_PASSWORD }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const result: Record<string, unknown> = { seedMs, orders: 50_000 };
    result.stats = await latency(`${base}/api/admin/stats`, cookie);
    result.statsFiltered = await latency(`${base}/api/admin/stats?from=2024-03-01&to=2024-12-31`, cookie);
    result.customers = await latency(`${base}/api/admin/users?limit=50`, cookie);
    result.customersSearch = await latency(`${base}/api/admin/users?q=client12&limit=50`, cookie);
    result.ordersPage = await latency(`${base}/api/admin/manual-orders?limit=25&offset=0`, cookie);
    result.ordersPageDeep = await latency(`${base}/api/admin/manual-orders?limit=25&offset=25000`, cookie);
    result.ordersSearch = await latency(`${base}/api/admin/manual-orders?q=client42&limit=25`, cookie);
    result.pdf = await latency(`${base}/api/admin/manual-orders/4242/receipt`, cookie);

    const verifyPath = `/api/verify-invoice/${keys[7]}`;
    const ours = await cannon(`${base}${verifyPath}`, ['-c', '50', '-d', '10']);
    result.verifyInvoice = { requestsPerSec: ours.requests.average, p99Ms: ours.latency.p99, non2xx: ours.non2xx };

    if (kind === 'postgres') {
      // The yardstick: a bare Fastify route doing the same lookup with a raw pg query.
      const url = new URL(PG_URL);
      url.pathname = '/rfs_bench';
      const pool = new pg.Pool({ connectionString: url.toString(), max: 20 });
      const bare = Fastify();
      bare.get<{ Params: { key: string } }>('/api/verify-invoice/:key', async (req, reply) => {
        const { rows } = await pool.query(
          'select id, order_date, client_name, price, plan, payment_status from orders where verification_key = $1',
          [req.params.key],
        );
        if (!rows[0]) return reply.status(404).send({ message: 'Facture non trouvée.' });
        const r = rows[0];
        return {
          id: r.id,
          orderDate: r.order_date,
          clientName: r.client_name,
          price: r.price,
          plan: r.plan,
          paymentStatus: r.payment_status,
        };
      });
      const bareBase = await bare.listen({ port: 0, host: '127.0.0.1' });
      const baseline = await cannon(`${bareBase}${verifyPath}`, ['-c', '50', '-d', '10']);
      await bare.close();
      await pool.end();
      result.verifyInvoiceBaseline = { requestsPerSec: baseline.requests.average, p99Ms: baseline.latency.p99 };
      result.verifyInvoiceRatio = Math.round((ours.requests.average / baseline.requests.average) * 100) / 100;
    }
    await app.close();
    return result;
  } finally {
    await cleanup();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function measureApi() {
  // BENCH_DATABASES=postgres measures one database only (a quick check; the results file then lacks the other).
  const kinds = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',') as Array<'pglite' | 'postgres'>;
  const result: Record<string, unknown> = {
    measuredAt: new Date().toISOString(),
    targets: { statsMs: 150, customersMs: 150, ordersPageMs: 50, pdfMs: 100, verifyRatio: 0.7, verifyP99Ms: 25 },
  };
  for (const kind of kinds) result[kind] = await benchDatabase(kind);
  await mkdir('bench/results', { recursive: true });
  await writeFile('bench/results/api.json', `${JSON.stringify(result, null, 2)}\n`);
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await measureApi(), null, 2));
}
