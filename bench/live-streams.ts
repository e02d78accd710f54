// Issue 36's stream flood: the built app (PGlite, one instance) while one client session attempts 10,000 live-event
// streams (`BENCH_ATTEMPTS`), paced over `BENCH_SECONDS` and holding each until the server lets it go, as the review's
// attacker did. Meanwhile autocannon holds 10 connections on `/healthz`; the same load is measured alone before.
// Counts what the attempts got (opened, closed for a newer one with the reason, refused) and the streams the server
// still held at the end. Writes bench/results/live-streams.json. Target: `/healthz` p99 under 50 ms during the flood.
import os from 'node:os';
import http from 'node:http';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { cannon, type Figures } from './alternating.ts';
import { staffSignIn, startServer } from './server.ts';
import { STREAM_LIMITS } from '#server/services/live/stream-limits.ts';

const ATTEMPTS = Number(process.env.BENCH_ATTEMPTS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 3995);
/** How many attempts may wait for their answer at once (the attacker's side). */
const IN_FLIGHT_MAX = 1000;
const ENV = {
  ADMIN_USERNAME: 'bench',
  ADMIN_PASSWORD: 'bench-password-1',
  SESSION_SECRET: 'bench-session-secret-0123456789',
  LOG_LEVEL: 'error',
};

type Outcome = 'opened' | 'closedForNewer' | 'refused429' | 'refused503' | 'otherStatus' | 'socketError';

/** One attempt: the stream is held until the server ends it (or the run ends), what it got is counted. */
function attempt(
  base: URL,
  cookie: string,
  agent: http.Agent,
  counts: Record<Outcome, number>,
  held: Set<http.ClientRequest>,
) {
  return new Promise<void>((resolve) => {
    const req = http.get(
      {
        host: base.hostname,
        port: base.port,
        path: '/api/client/events',
        agent,
        headers: { cookie, accept: 'text/event-stream' },
      },
      (res) => {
        if (res.statusCode === 200) counts.opened++;
        else if (res.statusCode === 429) counts.refused429++;
        else if (res.statusCode === 503) counts.refused503++;
        else counts.otherStatus++;
        resolve();
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (text.length < 4096) text += chunk;
        });
        res.on('end', () => {
          if (text.includes('event: closed')) counts.closedForNewer++;
          held.delete(req);
        });
        res.on('error', () => held.delete(req));
      },
    );
    held.add(req);
    req.on('error', () => {
      counts.socketError++;
      held.delete(req);
      resolve();
    });
  });
}

async function flood(base: URL, cookie: string) {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const counts: Record<Outcome, number> = {
    opened: 0,
    closedForNewer: 0,
    refused429: 0,
    refused503: 0,
    otherStatus: 0,
    socketError: 0,
  };
  const held = new Set<http.ClientRequest>();
  const started = Date.now();
  const waiting = new Set<Promise<void>>();
  for (let i = 0; i < ATTEMPTS; i++) {
    // Paced over the window: attempt i leaves at its share of it, or later if too many wait for an answer.
    const due = started + (i * SECONDS * 1000) / ATTEMPTS;
    if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
    while (waiting.size >= IN_FLIGHT_MAX) await Promise.race(waiting);
    const p = attempt(base, cookie, agent, counts, held).then(() => void waiting.delete(p));
    waiting.add(p);
  }
  await Promise.all(waiting);
  const seconds = (Date.now() - started) / 1000;
  // What the attacker still holds open once every attempt was answered: the server's streams of this session.
  const stillOpen = held.size;
  for (const req of held) req.destroy();
  agent.destroy();
  return { seconds: Math.round(seconds * 10) / 10, counts, stillOpen };
}

/** The server's CPU time so far (user + system), in seconds, from /proc. */
async function cpuSeconds(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  // utime and stime, in clock ticks of 1/100 s on Linux
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export async function measureLiveStreams() {
  const server = await startServer(PORT, ENV);
  try {
    const base = new URL(server.url);
    const staff = await staffSignIn(server.url, ENV.ADMIN_USERNAME, ENV.ADMIN_PASSWORD);
    const order = await fetch(`${server.url}/api/admin/manual-orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url, cookie: staff },
      body: JSON.stringify({
        clientName: 'Client Flot',
        clientEmail: 'flot@exemple.fr',
        username: 'flot',
        password: 'Azur-Passerelle-2026',
        plan: 'pro',
        paymentMethod: 'carte',
        paymentStatus: 'paid',
        orderDate: new Date().toISOString().slice(0, 10),
      }),
    });
    if (!order.ok) throw new Error(`order: ${order.status} ${await order.text()}`);
    const login = await fetch(`${server.url}/api/client/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ username: 'flot', password: 'Azur-Passerelle-2026' }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    if (!login.ok || !cookie) throw new Error(`client sign-in: ${login.status}`);

    const health = () => cannon(`${server.url}/healthz`, { connections: 10, seconds: SECONDS });
    await health(); // warm-up
    const alone: Figures = await health();
    const cpuBefore = await cpuSeconds(server.process.pid!);
    const [during, attack] = await Promise.all([health(), flood(base, cookie)]);
    const serverCpuSeconds = Math.round(((await cpuSeconds(server.process.pid!)) - cpuBefore) * 10) / 10;
    const result = {
      measuredAt: new Date().toISOString(),
      cores: os.cpus().length,
      database: 'pglite',
      what: `${ATTEMPTS} attempted GET /api/client/events from one client session over ${SECONDS} s, each held until the server ends it; /healthz under 10 connections meanwhile`,
      limits: STREAM_LIMITS,
      healthzAlone: {
        requestsPerSec: alone.requestsPerSec,
        p50Ms: alone.p50Ms,
        p99Ms: alone.p99Ms,
        errors: alone.errors,
        non2xx: alone.non2xx,
      },
      healthzDuringFlood: {
        requestsPerSec: during.requestsPerSec,
        p50Ms: during.p50Ms,
        p99Ms: during.p99Ms,
        errors: during.errors,
        non2xx: during.non2xx,
      },
      flood: attack,
      serverCpuSecondsDuringFlood: serverCpuSeconds,
      loadAverage: os.loadavg().map((n) => Math.round(n * 10) / 10),
      target: { healthzP99Ms: 50 },
      met: during.p99Ms < 50 && during.errors === 0 && during.non2xx === 0,
    };
    await mkdir('bench/results', { recursive: true });
    await writeFile('bench/results/live-streams.json', `${JSON.stringify(result, null, 2)}\n`);
    return result;
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await measureLiveStreams(), null, 2));
