// E-mail through the outbox (its rows are the queue), on the embedded database (PGlite, the default) and on PostgreSQL
// (BENCH_DATABASE_URL, default the local server; BENCH_DATABASES=pglite for one only), against a real local SMTP server.
// 1. Creating an order (POST /api/admin/manual-orders, a paid order: its invoice e-mail is queued) while the SMTP
//    server takes 5 s to accept each message, beside the same request with e-mail switched off, in alternating slices
//    of the same run: under 10 connections (the server saturated: latency is mostly waiting behind the others), then
//    one request at a time (the request's own cost). Target: p99 within 15 % of the no-mail figure (the request never
//    waits for the SMTP server).
// 2. 1,000 queued e-mails (200 invoices with their PDF, 800 renewal reminders) drained by the workers against the
//    local server answering at once. Target: under 60 s.
// Writes bench/results/mail-queue.json.
// First, as in the server: React loads its production build (it reads NODE_ENV as it loads).
import '#server/production-by-default.ts';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { migrateDatabase, openPglite, openPostgres, type Database } from '#server/db/client.ts';
import { installJobSchema } from '#server/jobs/job-queue.ts';
import type { MailQueue } from '#server/services/mail/outbox.ts';
import { ensureStaffAccount } from '#server/services/staff/staff-bootstrap.ts';
import { startSmtpPeer } from '#server/test/smtp-peer.ts';

const run = promisify(execFile);
const ADMIN = { ADMIN_USERNAME: 'bench', ADMIN_PASSWORD: 'bench-password-1' };
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
// Under load, a slice of 5 s held about 1,200 orders on PostgreSQL: its p99 (the 12th slowest) moved from 60 to 108 ms
// between slices of the same variant, more than e-mail's own cost. Slices of 10 s under load; 5 s one at a time.
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SECONDS_ALONE = 5;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const DRAIN_COUNT = 1000;
const TARGETS = { p99RatioMax: 1.15, drainSeconds: 60 };
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
type Kind = 'pglite' | 'postgres';

type Cannon = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
};
type Figures = {
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  created: number;
  non2xx: number;
  errors: number;
};

/** Nothing is queued: the yardstick for a request that causes no e-mail at all. */
const NO_MAIL: MailQueue = { queue: async () => false, queueForStaff: async () => false };

/** A fresh database of the kind: a PGlite folder, or a PostgreSQL database of its own (dropped on close). */
async function openFresh(kind: Kind, dataDir: string, name: string): Promise<Database> {
  if (kind === 'pglite') return openPglite({ dataDir: path.join(dataDir, 'pglite') });
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  return {
    ...database,
    async close() {
      await database.close();
      await admin.query(`drop database if exists ${name}`);
      await admin.end();
    },
  };
}

async function openApp(kind: Kind, smtpUrl: string, dataDir: string, workers: boolean, name: string) {
  const database = await openFresh(kind, dataDir, name);
  await migrateDatabase(database);
  await installJobSchema(database, pino({ level: 'silent' }));
  const config = loadConfig({
    ...ADMIN,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    SMTP_URL: smtpUrl,
    PUBLIC_URL: 'http://127.0.0.1:3000',
    SESSION_SECRET: 'bench-session-secret-0123456789',
  });
  await ensureStaffAccount(database.db, config, pino({ level: 'silent' }));
  const app = await buildApp({ config, database, workers });
  return { app, database, config };
}

async function orderSlice(base: string, cookie: string, connections: number, seconds = SECONDS): Promise<Figures> {
  // Each request a new client (its own e-mail), so no subscription chain grows with the run.
  const body = JSON.stringify({
    clientName: 'Client Banc',
    clientEmail: 'banc-[<id>]@exemple.fr',
    clientPhone: '',
    username: '',
    password: '',
    plan: 'pro',
    paymentMethod: 'carte',
    paymentStatus: 'paid',
    orderDate: '2026-11-20',
    notes: '',
  });
  const { stdout } = await run(
    'npx',
    [
      'autocannon',
      '--json',
      '-c',
      String(connections),
      '-d',
      String(seconds),
      '-m',
      'POST',
      '-I',
      '-b',
      body,
      '-H',
      'content-type=application/json',
      '-H',
      `cookie=${cookie}`,
      '-H',
      'origin=http://127.0.0.1:3000',
      `${base}/api/admin/manual-orders`,
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const r = JSON.parse(stdout) as Cannon;
  return {
    requestsPerSec: r.requests.average,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    created: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Part 1: order creation with a 5-second SMTP server versus no e-mail, in alternating slices of one run. */
async function slowSmtpOrders(kind: Kind) {
  const peer = await startSmtpPeer({ delayMs: 5000 });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rfs-bench-mail-'));
  const { app, database } = await openApp(kind, peer.url, dataDir, true, 'rfs_bench_mail_orders');
  const realMail = app.mail;
  try {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const login = await fetch(`${base}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:3000' },
      body: JSON.stringify({ username: ADMIN.ADMIN_USERNAME, password: ADMIN.ADMIN_PASSWORD }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    if (!cookie) throw new Error(`sign-in failed: ${login.status}`);
    await orderSlice(base, cookie, CONNECTIONS); // warm-up, not recorded

    const compare = async (connections: number, seconds: number) => {
      const rounds: Array<{ withMail: Figures; noMail: Figures }> = [];
      for (let round = 0; round < ROUNDS; round++) {
        const figures = {} as { withMail: Figures; noMail: Figures };
        // Alternating which goes first, so a burst of other work on the shared machine hits both alike.
        for (const variant of round % 2 ? (['noMail', 'withMail'] as const) : (['withMail', 'noMail'] as const)) {
          app.mail = variant === 'withMail' ? realMail : NO_MAIL;
          figures[variant] = await orderSlice(base, cookie, connections, seconds);
        }
        app.mail = realMail;
        rounds.push(figures);
      }
      return rounds;
    };
    const underLoad = await compare(CONNECTIONS, SECONDS);
    const oneAtATime = await compare(1, SECONDS_ALONE);
    const received = peer.received.length;
    const waiting = Number(
      (
        await database.db.execute<{ n: number }>(
          "select count(*)::int as n from outbox where status in ('queued', 'sending')",
        )
      ).rows[0]!.n,
    );
    const summary = (rounds: typeof underLoad, variant: 'withMail' | 'noMail') => ({
      p50Ms: median(rounds.map((r) => r[variant].p50Ms)),
      p99Ms: median(rounds.map((r) => r[variant].p99Ms)),
      requestsPerSec: Math.round(median(rounds.map((r) => r[variant].requestsPerSec))),
      ordersCreated: rounds.reduce((n, r) => n + r[variant].created, 0),
      non2xx: rounds.reduce((n, r) => n + r[variant].non2xx, 0),
      errors: rounds.reduce((n, r) => n + r[variant].errors, 0),
    });
    const comparison = (rounds: typeof underLoad, connections: number) => {
      const withMail = summary(rounds, 'withMail');
      const noMail = summary(rounds, 'noMail');
      return {
        connections,
        withMail,
        noMail,
        p99Ratio: Math.round((withMail.p99Ms / noMail.p99Ms) * 100) / 100,
        p50Ratio: Math.round((withMail.p50Ms / noMail.p50Ms) * 100) / 100,
        perRound: rounds,
      };
    };
    return {
      smtpDelayMs: 5000,
      secondsPerSlice: { underLoad: SECONDS, oneAtATime: SECONDS_ALONE },
      rounds: ROUNDS,
      underLoad: comparison(underLoad, CONNECTIONS),
      oneAtATime: comparison(oneAtATime, 1),
      // The SMTP server took 5 s a message meanwhile: most invoices were still waiting, none was lost.
      mailsReceivedDuringRun: received,
      mailsStillQueued: waiting,
    };
  } finally {
    await app.close();
    await database.close();
    await peer.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Part 2: 1,000 e-mails queued, then the workers started: the time until the SMTP server has all of them. */
async function drainThousand(kind: Kind) {
  const peer = await startSmtpPeer();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rfs-bench-drain-'));
  const { app, database } = await openApp(kind, peer.url, dataDir, false, 'rfs_bench_mail_drain');
  try {
    const invoices = 200;
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const login = await fetch(`${base}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:3000' },
      body: JSON.stringify({ username: ADMIN.ADMIN_USERNAME, password: ADMIN.ADMIN_PASSWORD }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    for (let i = 0; i < invoices; i++) {
      const res = await fetch(`${base}/api/admin/manual-orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, origin: 'http://127.0.0.1:3000' },
        body: JSON.stringify({
          clientName: `Client ${i}`,
          clientEmail: `client${i}@exemple.fr`,
          clientPhone: '',
          username: '',
          password: '',
          plan: 'standard',
          paymentMethod: 'virement',
          paymentStatus: 'paid',
          orderDate: '2026-11-20',
          notes: '',
        }),
      });
      if (res.status !== 201) throw new Error(`order ${i}: ${res.status} ${await res.text()}`);
    }
    for (let start = 0; start < DRAIN_COUNT - invoices; start += 100) {
      await database.db.transaction(async (tx) => {
        for (let i = start; i < Math.min(start + 100, DRAIN_COUNT - invoices); i++) {
          await app.mail.queue(tx, {
            key: `bench-reminder-${i}`,
            kind: 'renewal_reminder',
            to: `rappel${i}@exemple.fr`,
            params: { name: `Client ${i}`, planId: 'pro', endsOn: '2026-12-31', daysLeft: 14 },
          });
        }
      });
    }
    const t0 = performance.now();
    await app.jobs.startWorkers();
    await peer.receivedCount(DRAIN_COUNT);
    const seconds = Math.round((performance.now() - t0) / 100) / 10;
    const sent = Number(
      (await database.db.execute<{ n: number }>("select count(*)::int as n from outbox where status = 'sent'")).rows[0]!
        .n,
    );
    return {
      messages: DRAIN_COUNT,
      invoicesWithPdf: invoices,
      seconds,
      perSecond: Math.round(DRAIN_COUNT / seconds),
      received: peer.received.length,
      markedSent: sent,
    };
  } finally {
    await app.close();
    await database.close();
    await peer.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function measureMailQueue() {
  const kinds = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',') as Kind[];
  const result: Record<string, unknown> = { measuredAt: new Date().toISOString(), targets: TARGETS };
  for (const kind of kinds) {
    const orders = await slowSmtpOrders(kind);
    const drain = await drainThousand(kind);
    result[kind] = {
      verdict: {
        ordersP99WithinTargetUnderLoad: orders.underLoad.p99Ratio <= TARGETS.p99RatioMax,
        ordersP99WithinTargetOneAtATime: orders.oneAtATime.p99Ratio <= TARGETS.p99RatioMax,
        drainUnderSixtySeconds: drain.seconds < TARGETS.drainSeconds,
      },
      orders,
      drain,
    };
  }
  await mkdir('bench/results', { recursive: true });
  await writeFile('bench/results/mail-queue.json', `${JSON.stringify(result, null, 2)}\n`);
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await measureMailQueue(), null, 2));
}
