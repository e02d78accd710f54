// A realistic mix of traffic at rising rates (issue 12): the highest rate with p99 under 200 ms and no error, on
// PostgreSQL with two instances (a database of its own on BENCH_DATABASE_URL's server, dropped at the end) and on
// PGlite with one. Writes bench/results/mixed-load.json. Build first; the machine should be otherwise quiet.
//
// The mix, what each kind of request weighs in it and the clients it is drawn on: mixed-load-mix.ts.
import os from 'node:os';
import { mkdir, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { Request } from 'autocannon';
import pg from 'pg';
import { startServer, type RunningServer } from './server.ts';
import { yardstickMs } from './yardstick.ts';
import { ENV, mixRequest, probeKinds, seed, SIGN_INS_PER_1000, type Seed } from './mixed-load-mix.ts';

const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const RATES = (process.env.BENCH_RATES ?? '100,200,300,400,500,600,800,1000,1200,1500').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const P99_MAX_MS = 200;

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
