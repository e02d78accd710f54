// Faults survived (issue 12): what the server does when things go wrong under a stream of order creations.
// 1. PostgreSQL stopped mid-run, then started again: the answers meanwhile (503, never 500), the time from its
//    restart to /healthz 200 and a created order, without restarting the server.
// 2. The server killed (SIGKILL) during a burst of order creations, on PostgreSQL and on PGlite, then started again on
//    the same data: every order answered 201 must exist, and none that was not answered.
// 3. SIGTERM during a burst: requests in flight get their answer, the process leaves with 0, and the data agrees.
// PostgreSQL here is a cluster of its own, started by this script on BENCH_FAULTS_PG_PORT (default 5499) in a
// temporary folder, so stopping it disturbs nothing else. Build first. Writes bench/results/faults.json.
import { execFile } from 'node:child_process';
import { chown, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { staffSignIn, startServer, type RunningServer } from './server.ts';

const run = promisify(execFile);
const PG_PORT = Number(process.env.BENCH_FAULTS_PG_PORT ?? 5499);
const PORT = Number(process.env.BENCH_PORT ?? 3961);
const CONCURRENCY = 10;
const ENV = {
  ADMIN_USERNAME: 'bench',
  ADMIN_PASSWORD: 'bench-password-1',
  SESSION_SECRET: 'bench-session-secret-0123456789',
};
const TARGETS = { lostWrites: 0, phantomWrites: 0, recoverySeconds: 5 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---- a PostgreSQL cluster of our own ------------------------------------------------------------------------------

async function pgBin(): Promise<string> {
  const { stdout } = await run('ls', ['/usr/lib/postgresql']);
  return `/usr/lib/postgresql/${stdout.trim().split('\n').sort().at(-1)}/bin`;
}

/** PostgreSQL refuses to run as root: its commands then run as the postgres user. */
async function asPostgres(command: string) {
  if (process.getuid?.() === 0) return run('su', ['postgres', '-c', command]);
  return run('sh', ['-c', command]);
}

async function startCluster() {
  const bin = await pgBin();
  const dir = await mkdtemp(path.join(tmpdir(), 'rfs-faults-pg-'));
  const data = path.join(dir, 'data');
  await mkdir(data);
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout), Number(gid));
    await chown(data, Number(stdout), Number(gid));
  }
  await asPostgres(`${bin}/initdb -D ${data} -A trust -U postgres > /dev/null`);
  const start = () =>
    asPostgres(`${bin}/pg_ctl -D ${data} -o "-p ${PG_PORT} -k ${dir}" -l ${dir}/log -w start > /dev/null`);
  const stop = () => asPostgres(`${bin}/pg_ctl -D ${data} -m fast -w stop > /dev/null`);
  await start();
  const createDb = async (name: string) => {
    await asPostgres(`${bin}/createdb -h 127.0.0.1 -p ${PG_PORT} -U postgres ${name}`);
  };
  return {
    url: (name: string) => `postgres://postgres@127.0.0.1:${PG_PORT}/${name}`,
    createDb,
    start,
    stop,
    async remove() {
      await stop().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

// ---- orders, as staff create them ---------------------------------------------------------------------------------

const signIn = (url: string) => staffSignIn(url, ENV.ADMIN_USERNAME, ENV.ADMIN_PASSWORD);

/** One answer: the HTTP status (0: no answer, the connection failed or was cut) and, for 0, the error's code. */
type Answer = { email: string; status: number; error?: string; at: number };

/** One key per order, as the back-office form sends: the same request sent again after no answer is created once. */
const keyOf = (email: string) => `faute-${email.replace(/[^A-Za-z0-9_-]/g, '_')}`;

async function createOrder(url: string, cookie: string, email: string): Promise<Answer> {
  try {
    const res = await fetch(`${url}/api/admin/manual-orders`, {
      method: 'POST',
      signal: AbortSignal.timeout(15_000),
      headers: { 'content-type': 'application/json', origin: url, cookie, 'idempotency-key': keyOf(email) },
      body: JSON.stringify({
        clientName: 'Client Panne',
        clientEmail: email,
        plan: 'pro',
        paymentMethod: 'carte',
        paymentStatus: 'paid',
        orderDate: '2026-11-20',
      }),
    });
    await res.arrayBuffer();
    return { email, status: res.status, at: Date.now() };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return { email, status: 0, error: cause?.code ?? (error as Error).name, at: Date.now() };
  }
}

/** `CONCURRENCY` staff members creating orders one after the other until `done()`; each order a new client e-mail. */
async function orderStream(url: string, cookie: string, tag: string, done: () => boolean): Promise<Answer[]> {
  const answers: Answer[] = [];
  let n = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (!done()) {
        const answer = await createOrder(url, cookie, `${tag}-${n++}@exemple.fr`);
        answers.push(answer);
        // A server that is gone answers at once: no busy loop meanwhile.
        if (answer.status === 0) await sleep(50);
      }
    }),
  );
  return answers;
}

/** The e-mails of the orders that exist, read back through the back-office's own search. */
async function existingOrders(url: string, cookie: string, tag: string): Promise<Set<string>> {
  const found = new Set<string>();
  for (let offset = 0; ; offset += 200) {
    const res = await fetch(
      `${url}/api/admin/manual-orders?q=${encodeURIComponent(`${tag}-`)}&limit=200&offset=${offset}`,
      { headers: { cookie } },
    );
    if (!res.ok) throw new Error(`order list: ${res.status}`);
    const page = (await res.json()) as Array<{ clientEmail: string }>;
    for (const order of page) found.add(order.clientEmail);
    if (page.length < 200) return found;
  }
}

function tally(answers: Answer[]) {
  const byStatus: Record<string, number> = {};
  for (const a of answers) {
    const key = a.status === 0 ? `no answer (${a.error})` : String(a.status);
    byStatus[key] = (byStatus[key] ?? 0) + 1;
  }
  return byStatus;
}

/**
 * What a caller does with a request that got no answer: sends it again, with its key, once the server is back.
 * Answers 201 (it had not been made) or 200 (it had: the server found it by its key instead of making a second one).
 */
async function resendUnanswered(url: string, cookie: string, answers: Answer[]) {
  const unanswered = answers.filter((a) => a.status === 0);
  const resent = await Promise.all(unanswered.map((a) => createOrder(url, cookie, a.email)));
  return {
    resent: tally(resent),
    foundByKey: resent.filter((a) => a.status === 200).length,
    answers: [...answers, ...resent],
  };
}

/** Acknowledged writes missing afterwards, and writes nobody was told about. */
function compare(answers: Answer[], existing: Set<string>) {
  const acknowledged = new Set(answers.filter((a) => a.status === 201 || a.status === 200).map((a) => a.email));
  const lost = [...acknowledged].filter((e) => !existing.has(e));
  const phantom = [...existing].filter((e) => !acknowledged.has(e));
  // A phantom whose request never got an answer (the process died between commit and reply) is not the same fault as
  // one whose request was told it failed.
  const toldFailed = new Set(answers.filter((a) => a.status !== 201 && a.status !== 0).map((a) => a.email));
  return {
    acknowledged: acknowledged.size,
    existing: existing.size,
    lostWrites: lost.length,
    phantomWrites: phantom.length,
    phantomToldFailed: phantom.filter((e) => toldFailed.has(e)).length,
    lost: lost.slice(0, 5),
    phantom: phantom.slice(0, 5),
  };
}

// ---- the scenarios -------------------------------------------------------------------------------------------------

async function postgresOutage(cluster: Awaited<ReturnType<typeof startCluster>>) {
  await cluster.createDb('outage');
  const server = await startServer(PORT, { ...ENV, DATABASE_URL: cluster.url('outage') });
  try {
    const cookie = await signIn(server.url);
    let stopStream = false;
    const streaming = orderStream(server.url, cookie, 'panne', () => stopStream);
    await sleep(3000);
    const stoppedAt = Date.now();
    await cluster.stop();
    await sleep(3000);
    const health = await fetch(`${server.url}/healthz`);
    const healthDuring = health.status;
    await health.arrayBuffer();
    await cluster.start();
    const startedAt = Date.now();
    // Recovery: the first moment /healthz is 200 and an order is created, probed every 100 ms.
    let recoveredAt = 0;
    while (!recoveredAt && Date.now() - startedAt < 60_000) {
      const ok =
        (await fetch(`${server.url}/healthz`)).status === 200 &&
        (await createOrder(server.url, cookie, `sonde-${Date.now()}@exemple.fr`)).status === 201;
      if (ok) recoveredAt = Date.now();
      else await sleep(100);
    }
    await sleep(2000);
    stopStream = true;
    const answers = await streaming;
    const during = answers.filter((a) => a.at > stoppedAt && a.at < startedAt);
    return {
      outageSeconds: Math.round((startedAt - stoppedAt) / 100) / 10,
      healthzDuringOutage: healthDuring,
      answersDuringOutage: tally(during),
      allAnswers: tally(answers),
      serverErrors: answers.filter((a) => a.status >= 500 && a.status !== 503).length,
      recoverySeconds: recoveredAt ? Math.round((recoveredAt - startedAt) / 100) / 10 : null,
      serverRestarted: false,
      ...compare(answers, await existingOrders(server.url, cookie, 'panne')),
    };
  } finally {
    await server.stop();
  }
}

async function killDuringBurst(kind: 'postgres' | 'pglite', env: Record<string, string>) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rfs-faults-data-'));
  let server: RunningServer | undefined = await startServer(PORT, { ...ENV, ...env }, { dataDir });
  try {
    const cookie = await signIn(server.url);
    const killed = server;
    setTimeout(() => killed.process.kill('SIGKILL'), 2500);
    const answers = await orderStream(server.url, cookie, `coupure-${kind}`, () => killed.process.signalCode !== null);
    await new Promise((resolve) =>
      killed.process.exitCode !== null || killed.process.signalCode !== null
        ? resolve(null)
        : killed.process.once('exit', resolve),
    );
    // The same data folder or database: a PGlite folder must reopen after a kill (its lock was the dead process's).
    server = await startServer(PORT, { ...ENV, ...env }, { dataDir });
    const after = await signIn(server.url);
    // Before anything is sent again: an order whose answer the kill cut off exists without its caller knowing.
    const existing = await existingOrders(server.url, after, `coupure-${kind}`);
    const unansweredThatExist = answers.filter((a) => a.status === 0 && existing.has(a.email));
    const retry = await resendUnanswered(server.url, after, answers);
    return {
      allAnswers: tally(answers),
      unansweredThatExistedBeforeResend: unansweredThatExist.length,
      resent: retry.resent,
      foundByKey: retry.foundByKey,
      ...compare(retry.answers, await existingOrders(server.url, after, `coupure-${kind}`)),
    };
  } finally {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function sigtermDuringBurst() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rfs-faults-data-'));
  let server: RunningServer | undefined = await startServer(PORT, ENV, { dataDir });
  try {
    const cookie = await signIn(server.url);
    const stopping = server;
    const exited = new Promise<number | null>((resolve) => stopping.process.once('exit', (code) => resolve(code)));
    let signalledAt = 0;
    setTimeout(() => {
      signalledAt = Date.now();
      stopping.process.kill('SIGTERM');
    }, 2500);
    const answers = await orderStream(server.url, cookie, 'arret', () => stopping.process.exitCode !== null);
    const exitCode = await exited;
    // In flight when the signal came: answered after it.
    const inFlight = answers.filter((a) => a.at >= signalledAt && a.status !== 0 && a.status !== 503);
    const restarted = await startServer(PORT, ENV, { dataDir });
    server = restarted;
    const after = await signIn(restarted.url);
    const existing = await existingOrders(restarted.url, after, 'arret');
    // A request reset on a keep-alive connection the closing server had found idle never reached it (its order does
    // not exist): the caller may send it again. One whose order exists was read, written, and left unanswered.
    const reset = answers.filter((a) => a.status === 0 && a.error !== 'ECONNREFUSED');
    return {
      exitCode,
      allAnswers: tally(answers),
      answeredAfterSignal: inFlight.length,
      resetBeforeRead: reset.filter((a) => !existing.has(a.email)).length,
      cutAfterRead: reset.filter((a) => existing.has(a.email)).length,
      ...(await resendUnanswered(restarted.url, after, answers).then(async (retry) => ({
        resent: retry.resent,
        foundByKey: retry.foundByKey,
        ...compare(retry.answers, await existingOrders(restarted.url, after, 'arret')),
      }))),
    };
  } finally {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function measureFaults() {
  const cluster = await startCluster();
  try {
    const outage = await postgresOutage(cluster);
    console.log('PostgreSQL outage:', JSON.stringify(outage));
    await cluster.createDb('coupure');
    const killPostgres = await killDuringBurst('postgres', { DATABASE_URL: cluster.url('coupure') });
    console.log('SIGKILL on PostgreSQL:', JSON.stringify(killPostgres));
    const killPglite = await killDuringBurst('pglite', {});
    console.log('SIGKILL on PGlite:', JSON.stringify(killPglite));
    const sigterm = await sigtermDuringBurst();
    console.log('SIGTERM:', JSON.stringify(sigterm));
    const scenarios = {
      postgresOutage: outage,
      sigkillPostgres: killPostgres,
      sigkillPglite: killPglite,
      sigtermPglite: sigterm,
    };
    const result = {
      measuredAt: new Date().toISOString(),
      concurrency: CONCURRENCY,
      targets: TARGETS,
      verdict: {
        noAcknowledgedWriteLost: Object.values(scenarios).every((s) => s.lostWrites === 0),
        noPhantomWrite: Object.values(scenarios).every((s) => s.phantomWrites === 0),
        // Stricter than the kill can promise: a write committed then told it failed (a 503 after the commit).
        noWriteToldItFailed: Object.values(scenarios).every((s) => s.phantomToldFailed === 0),
        recoveryUnderFiveSeconds: outage.recoverySeconds !== null && outage.recoverySeconds < TARGETS.recoverySeconds,
        no500DuringOutage: outage.serverErrors === 0,
        sigtermExitsCleanly: sigterm.exitCode === 0 && sigterm.cutAfterRead === 0,
      },
      ...scenarios,
    };
    await mkdir('bench/results', { recursive: true });
    await writeFile('bench/results/faults.json', `${JSON.stringify(result, null, 2)}\n`);
    return result;
  } finally {
    await cluster.remove();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await measureFaults();
  console.log(JSON.stringify(result.verdict, null, 2));
}
