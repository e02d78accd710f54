// A realistic mix of traffic at rising rates (issue 12): the highest rate with p99 under 200 ms and no error, on
// PostgreSQL with two instances (a database of its own on BENCH_DATABASE_URL's server, dropped at the end) and on
// PGlite with one. Writes bench/results/mixed-load.json. Build first; the machine should be otherwise quiet.
//
// The mix, per 1,000 requests, from what a day of this site looks like: visitors read far more than they write, and
// a client signs in once and then reads their pages.
//   public pages 470 (/ 350, /register 80, /cgv 40) · client pages and reads 320 (/dashboard 120, /api/auth/user
//   100, /api/subscriptions/current 100) · staff lists 150 (orders 90, interventions 60) · invoice PDFs 40 ·
//   client sign-ins 5 (a password hash each: the costliest request) · registrations 13 · assistance requests 2 (each
//   client may ask 10 a minute: spread over the seeded clients, 2 in 1,000 stays under that up to 2,000 req/s).
import os from 'node:os';
import { mkdir, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { Request } from 'autocannon';
import pg from 'pg';
import { staffSignIn, startServer, type RunningServer } from './server.ts';
import { yardstickMs } from './yardstick.ts';

const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const RATES = (process.env.BENCH_RATES ?? '100,200,300,400,500,600,800,1000,1200,1500').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 30);
const P99_MAX_MS = 200;
/** Client sign-ins per 1,000 requests: each one is an Argon2id hash (scrypt until 26 November, about 0.3 s of one core here). */
const SIGN_INS_PER_1000 = Number(process.env.BENCH_SIGN_INS_PER_1000 ?? 5);
const PASSWORD = 'Azur-Passerelle-2026';
const ENV = {
  ADMIN_USERNAME: 'bench',
  ADMIN_PASSWORD: 'bench-password-1',
  SESSION_SECRET: 'bench-session-secret-0123456789',
  // Visitors come from many addresses: the per-address limits see the one each request names.
  TRUST_PROXY: '127.0.0.1',
  LOG_LEVEL: 'error',
};

type Seed = { staff: string; clients: Array<{ username: string; cookie: string }>; orderIds: number[] };

const cookieOf = (res: Response) => (res.headers.get('set-cookie') ?? '').split(';')[0]!;
const randomAddress = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;

async function seed(base: string): Promise<Seed> {
  const json = { 'content-type': 'application/json', origin: base };
  const staff = await staffSignIn(base, ENV.ADMIN_USERNAME, ENV.ADMIN_PASSWORD);
  const clients: Seed['clients'] = [];
  const orderIds: number[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const username = `charge${i}`;
    const res = await fetch(`${base}/api/admin/manual-orders`, {
      method: 'POST',
      headers: { ...json, cookie: staff },
      body: JSON.stringify({
        clientName: `Client Charge ${i}`,
        clientEmail: `charge${i}@exemple.fr`,
        username,
        password: PASSWORD,
        plan: 'pro',
        paymentMethod: 'carte',
        paymentStatus: 'paid',
        orderDate: new Date().toISOString().slice(0, 10),
      }),
    });
    if (res.status !== 201) throw new Error(`seed order ${i}: ${res.status} ${await res.text()}`);
    orderIds.push(((await res.json()) as { id: number }).id);
    const signIn = await fetch(`${base}/api/client/login`, {
      method: 'POST',
      headers: { ...json, 'x-forwarded-for': randomAddress() },
      body: JSON.stringify({ username, password: PASSWORD }),
    });
    clients.push({ username, cookie: cookieOf(signIn) });
  }
  return { staff, clients, orderIds };
}

type Kind = { name: string; weight: number; make(base: string, s: Seed): Request };

const visitor = () => ({ 'x-forwarded-for': randomAddress(), 'accept-encoding': 'br, gzip' });
const get = (path: string, cookie?: string): Request => ({
  method: 'GET',
  path,
  headers: { ...visitor(), accept: 'text/html,application/json', ...(cookie ? { cookie } : {}) },
});
const post = (base: string, path: string, body: unknown, cookie?: string): Request => ({
  method: 'POST',
  path,
  body: JSON.stringify(body),
  headers: { ...visitor(), 'content-type': 'application/json', origin: base, ...(cookie ? { cookie } : {}) },
});

/** The mix, per 1,000 requests (see the top of this file). */
const KINDS: Kind[] = [
  { name: 'GET /', weight: 350, make: () => get('/') },
  { name: 'GET /register', weight: 80, make: () => get('/register') },
  { name: 'GET /cgv', weight: 40, make: () => get('/cgv') },
  { name: 'GET /dashboard (client)', weight: 120, make: (_, s) => get('/dashboard', pick(s.clients).cookie) },
  { name: 'GET /api/auth/user', weight: 100, make: (_, s) => get('/api/auth/user', pick(s.clients).cookie) },
  {
    name: 'GET /api/subscriptions/current',
    weight: 100,
    make: (_, s) => get('/api/subscriptions/current', pick(s.clients).cookie),
  },
  { name: 'GET staff orders', weight: 90, make: (_, s) => get('/api/admin/manual-orders?limit=25', s.staff) },
  { name: 'GET staff interventions', weight: 60, make: (_, s) => get('/api/admin/interventions?limit=25', s.staff) },
  {
    name: 'GET invoice PDF',
    weight: 40,
    make: (_, s) => get(`/api/admin/manual-orders/${pick(s.orderIds)}/receipt`, s.staff),
  },
  {
    name: 'POST client sign-in',
    weight: SIGN_INS_PER_1000,
    make: (base, s) => post(base, '/api/client/login', { username: pick(s.clients).username, password: PASSWORD }),
  },
  {
    name: 'POST registration',
    weight: 13,
    make: (base) => {
      const n = Math.random().toString(36).slice(2, 10);
      return post(base, '/api/register', {
        firstName: 'Visiteur',
        lastName: `Charge ${n}`,
        email: `visiteur.${n}@exemple.fr`,
        phone: '06 12 34 56 78',
        planId: 'pro',
        deviceType: 'windows-laptop',
        deviceInfo: 'Portable HP, Windows 11',
      });
    },
  },
  {
    name: 'POST assistance request',
    weight: 2,
    make: (base, s) =>
      post(
        base,
        '/api/client/interventions',
        {
          description: 'Imprimante hors ligne depuis ce matin',
          urgency: 'medium',
          deviceType: 'pc_windows',
          deviceInfo: 'HP',
        },
        pick(s.clients).cookie,
      ),
  },
];
const TOTAL_WEIGHT = KINDS.reduce((n, k) => n + k.weight, 0);

/** One request of the mix, drawn by its weight. */
function mixRequest(base: string, s: Seed): { kind: string; request: Request } {
  let r = Math.random() * TOTAL_WEIGHT;
  const kind = KINDS.find((k) => (r -= k.weight) < 0) ?? KINDS[0]!;
  return { kind: kind.name, request: kind.make(base, s) };
}

/** Each kind alone, one at a time (10 each, after one to warm it): where a slow step's time goes. */
async function probeKinds(base: string, s: Seed) {
  const result: Record<string, { medianMs: number; maxMs: number; status: number }> = {};
  for (const kind of KINDS) {
    const times: number[] = [];
    let status = 0;
    for (let i = 0; i < 11; i++) {
      const r = kind.make(base, s);
      const started = performance.now();
      const res = await fetch(`${base}${r.path}`, {
        method: r.method,
        headers: r.headers as Record<string, string>,
        body: r.body as string | undefined,
      });
      await res.arrayBuffer();
      if (i > 0) times.push(performance.now() - started);
      status = Math.max(status, res.status);
    }
    times.sort((a, b) => a - b);
    result[kind.name] = {
      medianMs: Math.round(times[5]! * 10) / 10,
      maxMs: Math.round(times.at(-1)! * 10) / 10,
      status,
    };
  }
  return result;
}

type Step = {
  rateAsked: number;
  rateReached: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** how late, at worst, this script sent a request after its planned instant: over a few ms, the script was the limit */
  senderLagMs: number;
  slowestKinds: Record<string, number>;
  /** the sign-ins' own times: hashes wait their turn (services/security/passwords.ts), so a client may wait to sign in */
  signIns: { count: number; p50Ms: number; maxMs: number };
  passed: boolean;
};

// Kept-alive connections, as a browser or a proxy keeps them; as many as the arrivals need (an open model).
const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

/** One request; resolves with its status (0: no answer) and its time from sending to the last byte. */
function send(base: string, r: Request): Promise<{ status: number; ms: number }> {
  const url = new URL(r.path!, base);
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      url,
      { method: r.method, headers: r.headers as http.OutgoingHttpHeaders, agent, timeout: 10_000 },
      (res) => {
        res.resume();
        res.once('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
        res.once('error', () => resolve({ status: 0, ms: performance.now() - started }));
      },
    );
    req.once('timeout', () => req.destroy());
    req.once('error', () => resolve({ status: 0, ms: performance.now() - started }));
    req.end(r.body as string | undefined);
  });
}

/**
 * `rate` requests a second for SECONDS, at evenly spaced instants whatever the answers (visitors do not wait for
 * each other), shared between the instances in turn. autocannon's rate option sends each second's requests in one
 * burst and adds synthetic latencies for coordinated omission, which is not what arriving visitors do.
 */
async function step(bases: string[], seed: Seed, rate: number): Promise<Step> {
  const interval = 1000 / rate;
  const total = Math.round(rate * SECONDS);
  const answers: Array<Promise<{ status: number; ms: number; kind: string }>> = [];
  let lag = 0;
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    lag = Math.max(lag, performance.now() - due);
    const base = bases[i % bases.length]!;
    const { kind, request } = mixRequest(base, seed);
    answers.push(send(base, request).then((a) => ({ ...a, kind })));
  }
  const sentIn = (performance.now() - start) / 1000;
  const done = await Promise.all(answers);
  const ok = done.filter((a) => a.status >= 200 && a.status < 300);
  const times = done.map((a) => a.ms).sort((a, b) => a - b);
  const quantile = (sorted: number[], q: number) =>
    Math.round((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0) * 10) / 10;
  const at = (q: number) => quantile(times, q);
  const signInTimes = done
    .filter((a) => a.kind === 'POST client sign-in')
    .map((a) => a.ms)
    .sort((a, b) => a - b);
  // Which kinds the slowest 1 % were: where to look first.
  const slowestKinds: Record<string, number> = {};
  for (const a of [...done].sort((x, y) => y.ms - x.ms).slice(0, Math.ceil(done.length / 100)))
    slowestKinds[a.kind] = (slowestKinds[a.kind] ?? 0) + 1;
  const result: Step = {
    rateAsked: rate,
    rateReached: Math.round(total / sentIn),
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    maxMs: at(1),
    requests: total,
    non2xx: done.filter((a) => a.status !== 0 && (a.status < 200 || a.status >= 300)).length,
    errors: done.filter((a) => a.status === 0).length,
    senderLagMs: Math.round(lag),
    slowestKinds,
    signIns: { count: signInTimes.length, p50Ms: quantile(signInTimes, 0.5), maxMs: quantile(signInTimes, 1) },
    passed: false,
  };
  // Reached means within 5 % of the rate asked: a sender that falls behind is not offering that rate.
  result.passed = result.p99Ms < P99_MAX_MS && ok.length === total && result.rateReached >= rate * 0.95;
  return result;
}

async function ramp(name: string, servers: RunningServer[]) {
  const bases = servers.map((s) => s.url);
  // Seeded through the first instance: sessions live in the database, so every instance serves them.
  const first = await seed(bases[0]!);
  // Every instance warmed (compiled code, pooled connections, cached pages) before anything is timed.
  for (const base of bases.slice(1)) await probeKinds(base, first);
  const alone = await probeKinds(bases[0]!, first);
  console.log(
    `${name}, each kind alone (median ms):`,
    Object.entries(alone)
      .map(([k, v]) => `${k} ${v.medianMs}`)
      .join(' · '),
  );
  const steps: Step[] = [];
  for (const rate of RATES) {
    const result = await step(bases, first, rate);
    steps.push(result);
    console.log(
      `${name} ${rate} req/s: reached ${result.rateReached}, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, max ${result.maxMs} ms, non-2xx ${result.non2xx}, errors ${result.errors}, sender lag ${result.senderLagMs} ms, sign-ins p50 ${result.signIns.p50Ms} ms max ${result.signIns.maxMs} ms, slowest: ${JSON.stringify(result.slowestKinds)}`,
    );
    if (!result.passed) break;
  }
  const best = steps.filter((s) => s.passed).at(-1);
  return { instances: servers.length, highestRateWithP99Under200Ms: best?.rateAsked ?? 0, eachKindAlone: alone, steps };
}

export async function measureMixedLoad() {
  const loadAtStart = os.loadavg().map((n) => Math.round(n * 100) / 100);
  const scryptMsAtStart = yardstickMs();
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query('drop database if exists rfs_bench_mixed');
  await admin.query('create database rfs_bench_mixed');
  const url = new URL(PG_URL);
  url.pathname = '/rfs_bench_mixed';
  const results: {
    postgresTwoInstances?: Awaited<ReturnType<typeof ramp>>;
    pgliteOneInstance?: Awaited<ReturnType<typeof ramp>>;
  } = {};
  try {
    const pgServers: RunningServer[] = [];
    try {
      for (const port of [3981, 3982])
        pgServers.push(await startServer(port, { ...ENV, DATABASE_URL: url.toString() }));
      results.postgresTwoInstances = await ramp('PostgreSQL ×2', pgServers);
    } finally {
      for (const s of pgServers) await s.stop();
    }
    const lite = await startServer(3983, ENV);
    try {
      results.pgliteOneInstance = await ramp('PGlite ×1', [lite]);
    } finally {
      await lite.stop();
    }
  } finally {
    await admin.query('drop database if exists rfs_bench_mixed with (force)');
    await admin.end();
  }
  const result = {
    measuredAt: new Date().toISOString(),
    cores: os.cpus().length,
    loadAverageAtStart: loadAtStart,
    scryptMsAtStart,
    secondsPerStep: SECONDS,
    signInsPer1000: SIGN_INS_PER_1000,
    target: { ratePerSecond: 1500, p99MaxMs: P99_MAX_MS },
    ...results,
  };
  await mkdir('bench/results', { recursive: true });
  // Another share of sign-ins is another experiment: its own file, the default one stays comparable run to run.
  const file = SIGN_INS_PER_1000 === 5 ? 'mixed-load.json' : `mixed-load-sign-ins-${SIGN_INS_PER_1000}.json`;
  await writeFile(`bench/results/${file}`, `${JSON.stringify(result, null, 2)}\n`);
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await measureMixedLoad();
  console.log(
    JSON.stringify({
      postgres: r.postgresTwoInstances?.highestRateWithP99Under200Ms,
      pglite: r.pgliteOneInstance?.highestRateWithP99Under200Ms,
    }),
  );
}
