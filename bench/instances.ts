// Issue 12's « 1,000 concurrent order creations split across instances »: two instances of the built app on one
// PostgreSQL database (its own, on BENCH_DATABASE_URL's server, dropped at the end), 1,000 paid orders sent at once,
// alternately to each. Checks every answer and the data: 1,000 orders, unique ids and verification keys, invoice
// numbers without a gap, one invoice e-mail per order queued. Writes bench/results/instances.json.
import os from 'node:os';
import { mkdir, writeFile } from 'node:fs/promises';
import pg from 'pg';
import { staffSignIn, startServer, type RunningServer } from './server.ts';

const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1000);
const DB = 'rfs_bench_instances';
const ENV = {
  ADMIN_USERNAME: 'bench',
  ADMIN_PASSWORD: 'bench-password-1',
  SESSION_SECRET: 'bench-session-secret-0123456789',
  LOG_LEVEL: 'error',
};

type Created = { id: number; order: { verificationKey: string; documents: Array<{ number: string }> } };

/** One paid order sent to `base`, with its own idempotency key; status 0 when no answer came. */
async function createOrder(base: string, cookie: string, i: number) {
  const res = await fetch(`${base}/api/admin/manual-orders`, {
    method: 'POST',
    signal: AbortSignal.timeout(120_000),
    headers: {
      'content-type': 'application/json',
      origin: base,
      cookie,
      'idempotency-key': `instances-bench-${i}-${Date.now()}`,
    },
    body: JSON.stringify({
      clientName: `Client Foule ${i}`,
      clientEmail: `foule${i}@exemple.fr`,
      plan: 'pro',
      paymentMethod: 'carte',
      paymentStatus: 'paid',
      orderDate: '2026-11-20',
    }),
  }).catch(() => null);
  return {
    status: res?.status ?? 0,
    body: res?.status === 201 ? ((await res.json()) as Created) : (await res?.text(), null),
  };
}

/** What the database holds once every answer is in: orders, keys, invoice numbers, queued invoice e-mails. */
async function readData(databaseUrl: string) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const count = async (q: string) => Number((await db.query<{ n: string }>(q)).rows[0]!.n);
  const numbers = (
    await db.query<{ seq: number }>("select seq from invoices where kind = 'invoice' order by seq")
  ).rows.map((r) => r.seq);
  const data = {
    orders: await count('select count(*) as n from orders'),
    distinctVerificationKeys: await count('select count(distinct verification_key) as n from orders'),
    invoices: numbers.length,
    invoiceNumbersWithoutGap: numbers.every((n, i) => n === i + 1),
    invoiceMailsQueued: await count("select count(*) as n from outbox where kind = 'invoice'"),
  };
  await db.end();
  return data;
}

/** Each check the bench exists for, from the answers and the data. */
function verdictOf(statuses: Record<string, number>, created: Created[], data: Awaited<ReturnType<typeof readData>>) {
  return {
    everyCreationAnswered201: statuses['201'] === ORDERS,
    thousandOrders: data.orders === ORDERS,
    uniqueIds: new Set(created.map((c) => c.id)).size === ORDERS,
    uniqueKeys:
      data.distinctVerificationKeys === ORDERS && new Set(created.map((c) => c.order.verificationKey)).size === ORDERS,
    gapFreeInvoiceNumbers: data.invoices === ORDERS && data.invoiceNumbersWithoutGap,
    oneInvoiceMailPerOrder: data.invoiceMailsQueued === ORDERS,
  };
}

export async function measureInstances() {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${DB} with (force)`);
  await admin.query(`create database ${DB}`);
  const url = new URL(PG_URL);
  url.pathname = `/${DB}`;
  const servers: RunningServer[] = [];
  try {
    // One after the other: the first migrates the empty database (the migrations test covers starting together).
    for (const port of [3991, 3992]) servers.push(await startServer(port, { ...ENV, DATABASE_URL: url.toString() }));
    // A session opened on the first instance, used on both: sessions live in the database.
    const cookie = await staffSignIn(servers[0]!.url, ENV.ADMIN_USERNAME, ENV.ADMIN_PASSWORD);
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: ORDERS }, (_, i) => createOrder(servers[i % 2]!.url, cookie, i)),
    );
    const seconds = (performance.now() - started) / 1000;
    const statuses: Record<string, number> = {};
    for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
    const created = answers.flatMap((a) => (a.body ? [a.body] : []));
    const data = await readData(url.toString());
    const result = {
      measuredAt: new Date().toISOString(),
      cores: os.cpus().length,
      orders: ORDERS,
      instances: 2,
      seconds: Math.round(seconds * 10) / 10,
      statuses,
      data,
      verdict: verdictOf(statuses, created, data),
    };
    await mkdir('bench/results', { recursive: true });
    await writeFile('bench/results/instances.json', `${JSON.stringify(result, null, 2)}\n`);
    return result;
  } finally {
    for (const s of servers) await s.stop();
    await admin.query(`drop database if exists ${DB} with (force)`);
    await admin.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await measureInstances();
  console.log(JSON.stringify({ seconds: r.seconds, statuses: r.statuses, data: r.data, verdict: r.verdict }, null, 2));
}
