// Issue 26's live events: two instances of the built app on one PostgreSQL database (its own, on BENCH_DATABASE_URL's
// server, dropped at the end). 200 staff pages hold a Server-Sent Events stream open on instance B: B's memory before
// and after they connect. Then an admin changes who handles a request on instance A, one change at a time, and a page
// on B times the event's arrival from the moment A was asked (NOTIFY through PostgreSQL, then the stream): median and
// p95. Before that, B's answers under load with and without the 200 pages connected, in alternating slices of one run:
// a staff list under 10 connections (`BENCH_SLICES` pairs of `BENCH_SLICE_SECONDS`). Writes bench/results/live.json.
// Targets: median under 1 s, 200 pages under 50 MB, no measurable change to the answers under load.
import os from 'node:os';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import pg from 'pg';
import { cannon, median, type Figures } from './alternating.ts';
import { staffSignIn, startServer, type RunningServer } from './server.ts';
import { openEventStream, type EventStream } from '#server/test/event-stream.ts';

const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PAGES = Number(process.env.BENCH_PAGES ?? 200);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 100);
const SLICES = Number(process.env.BENCH_SLICES ?? 4);
const SLICE_SECONDS = Number(process.env.BENCH_SLICE_SECONDS ?? 5);
const DB = 'rfs_bench_live';
const ENV = {
  ADMIN_USERNAME: 'bench',
  ADMIN_PASSWORD: 'bench-password-1',
  SESSION_SECRET: 'bench-session-secret-0123456789',
  LOG_LEVEL: 'error',
};

const rssMb = async (pid: number) => {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 102.4) / 10;
};
const settle = () => new Promise((r) => setTimeout(r, 3000));
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function call(base: string, cookie: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { origin: base, cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<unknown>;
}

/** One client and one of their interventions, whose owner the admin changes back and forth; and the admin's id. */
async function setUpIntervention(a: RunningServer, cookie: string) {
  await call(a.url, cookie, 'POST', '/api/admin/manual-orders', {
    clientName: 'Client Direct',
    clientEmail: 'direct@exemple.fr',
    username: 'direct',
    password: 'Azur-Passerelle-2026',
    plan: 'pro',
    paymentMethod: 'carte',
    paymentStatus: 'paid',
    orderDate: new Date().toISOString().slice(0, 10),
  });
  const login = await fetch(`${a.url}/api/client/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: a.url },
    body: JSON.stringify({ username: 'direct', password: 'Azur-Passerelle-2026' }),
  });
  const clientCookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const request = (await call(a.url, clientCookie, 'POST', '/api/client/interventions', {
    description: 'Banc',
    urgency: 'medium',
    deviceType: 'mac',
    deviceInfo: 'iMac',
  })) as { id: number };
  const team = (await call(a.url, cookie, 'GET', '/api/admin/team')) as { id: number; username: string }[];
  const me = team.find((m) => m.username === ENV.ADMIN_USERNAME)!.id;
  return { requestId: request.id, me };
}

/** PAGES staff pages open their event stream on B, each waiting for its « ready ». */
async function connectPages(b: RunningServer, cookie: string, pages: EventStream[]) {
  for (let i = 0; i < PAGES; i++) pages.push(await openEventStream(`${b.url}/api/admin/events`, { cookie }));
  await Promise.all(pages.map((p) => p.next((e) => e.event === 'ready', 30_000)));
}

/** The requests list staff reload all day, on B, in alternating slices without and with the pages connected. */
async function underLoad(b: RunningServer, cookie: string, pages: EventStream[]) {
  const load = () =>
    cannon(`${b.url}/api/admin/interventions?limit=20`, {
      connections: 10,
      seconds: SLICE_SECONDS,
      headers: [`cookie=${cookie}`],
    });
  const slices: Array<{ withoutPages: Figures; withPages: Figures }> = [];
  await load(); // warm-up
  const withPagesSlice = async () => {
    await connectPages(b, cookie, pages);
    const figures = await load();
    pages.splice(0).forEach((p) => p.close());
    return figures;
  };
  for (let i = 0; i < SLICES; i++) {
    // Alternately first, so that neither way always runs on a machine warmed (or loaded) by the other.
    if (i % 2) {
      const withPages = await withPagesSlice();
      slices.push({ withPages, withoutPages: await load() });
    } else {
      const withoutPages = await load();
      slices.push({ withoutPages, withPages: await withPagesSlice() });
    }
  }
  return slices;
}

/** EVENTS changes of owner asked of A, each timed until the first page on B receives its event. */
async function eventLatencies(
  a: RunningServer,
  cookie: string,
  { requestId, me }: { requestId: number; me: number },
  pages: EventStream[],
) {
  const probe = pages[0]!;
  const latencies: number[] = [];
  for (let i = 0; i < EVENTS; i++) {
    const started = performance.now();
    const answer = call(a.url, cookie, 'PUT', `/api/admin/interventions/${requestId}/assignee`, {
      staffId: i % 2 === 0 ? me : null,
    });
    await probe.next(
      (e) => e.event === 'message' && (JSON.parse(e.data) as { kind: string }).kind === 'intervention.assigned',
      10_000,
    );
    latencies.push(performance.now() - started);
    await answer;
    // Every page received it: the others drop what they were sent.
    for (const p of pages.slice(1)) p.pending();
  }
  return latencies;
}

/** The staff list's figures without and with the pages, medians of the slices. */
function loadSummary(slices: Array<{ withoutPages: Figures; withPages: Figures }>) {
  return {
    what: `GET /api/admin/interventions on B, 10 connections, ${SLICE_SECONDS} s slices, alternately without and with ${PAGES} pages connected`,
    withoutPages: {
      requestsPerSec: median(slices.map((x) => x.withoutPages.requestsPerSec)),
      p99Ms: median(slices.map((x) => x.withoutPages.p99Ms)),
    },
    withPages: {
      requestsPerSec: median(slices.map((x) => x.withPages.requestsPerSec)),
      p99Ms: median(slices.map((x) => x.withPages.p99Ms)),
    },
    withOverWithout: Number(
      median(slices.map((x) => x.withPages.requestsPerSec / x.withoutPages.requestsPerSec)).toFixed(2),
    ),
    errors: slices.reduce(
      (n, x) => n + x.withPages.errors + x.withPages.non2xx + x.withoutPages.errors + x.withoutPages.non2xx,
      0,
    ),
    slices,
  };
}

export async function measureLive() {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${DB} with (force)`);
  await admin.query(`create database ${DB}`);
  const url = new URL(PG_URL);
  url.pathname = `/${DB}`;
  const servers: RunningServer[] = [];
  const pages: EventStream[] = [];
  try {
    for (const port of [3993, 3994]) servers.push(await startServer(port, { ...ENV, DATABASE_URL: url.toString() }));
    const [a, b] = servers as [RunningServer, RunningServer];
    const cookie = await staffSignIn(a.url, ENV.ADMIN_USERNAME, ENV.ADMIN_PASSWORD);
    const intervention = await setUpIntervention(a, cookie);
    const slices = await underLoad(b, cookie, pages);

    await settle();
    const before = await rssMb(b.process.pid!);
    await connectPages(b, cookie, pages);
    await settle();
    const after = await rssMb(b.process.pid!);

    const latencies = await eventLatencies(a, cookie, intervention, pages);
    const sorted = [...latencies].sort((x, y) => x - y);
    const round = (n: number) => Math.round(n * 10) / 10;
    const result = {
      measuredAt: new Date().toISOString(),
      cores: os.cpus().length,
      instances: 2,
      database: 'postgres',
      pagesConnected: PAGES,
      events: EVENTS,
      latencyMs: {
        median: round(quantile(sorted, 0.5)),
        p95: round(quantile(sorted, 0.95)),
        max: round(sorted.at(-1)!),
      },
      memoryOfInstanceB: { rssBeforeMb: before, rssWithPagesMb: after, pagesCostMb: round(after - before) },
      staffListUnderLoad: loadSummary(slices),
      target: { latencyMedianUnderMs: 1000, pagesCostUnderMb: 50 },
      met: { latency: quantile(sorted, 0.5) < 1000, memory: after - before < 50 },
    };
    await mkdir('bench/results', { recursive: true });
    await writeFile('bench/results/live.json', `${JSON.stringify(result, null, 2)}\n`);
    return result;
  } finally {
    pages.forEach((p) => p.close());
    for (const s of servers) await s.stop();
    await admin.query(`drop database if exists ${DB} with (force)`);
    await admin.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await measureLive(), null, 2));
}
