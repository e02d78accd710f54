// Backup and restore at scale, on the embedded database (PGlite, the default) and on PostgreSQL (a database of its own
// on BENCH_DATABASE_URL's server, dropped at the end; the restore goes into a second empty one).
// Seeds 50,000 orders (10,000 clients), 100,000 interventions with a message from the client and an answer from the
// team on each (every team message moves its client's list counter when restored, migration 0045), and each paid
// order's issued invoice with its stored PDF
// (bench/seed.ts: a real rendered invoice of about 7.5 kB; the backup copies stored PDFs, it never renders one).
// Then, against the real server (a child process): the Téléchargement tab's backup started over HTTP, its duration,
// the server's peak memory (VmHWM) and the p99 of /healthz under 10 connections meanwhile, beside the same /healthz
// load before it (same run); the archive downloaded; finally `npm run restore` of that archive into an empty data
// folder (or database), timed. Targets: backup < 60 s, /healthz p99 < 50 ms, restore < 120 s; the server's memory at
// rest and at its peak under the budget of its database (issue 23: PGlite's WebAssembly memory never shrinks).
// Writes bench/results/backup.json (PGlite) and bench/results/backup-postgres.json.
import { execFile, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { loadConfig } from '#server/config.ts';
import { migrateDatabase, openDatabase } from '#server/db/client.ts';
import { interventionMessages, interventions } from '#server/db/schema.ts';
import { installJobSchema } from '#server/jobs/job-queue.ts';
import { ensureStaffAccount } from '#server/services/staff/staff-bootstrap.ts';
import { seedOrders } from './seed.ts';
import { startServer, type RunningServer } from './server.ts';

const run = promisify(execFile);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 50_000);
const INTERVENTIONS = Number(process.env.BENCH_INTERVENTIONS ?? 100_000);
// 0 for the seed of before messages, as a baseline in the same run
const WITH_MESSAGES = process.env.BENCH_MESSAGES !== '0';
const CONNECTIONS = 10;
const PORT = Number(process.env.BENCH_PORT ?? 3917);
const ENV = {
  ADMIN_USERNAME: 'bench',
  ADMIN_PASSWORD: 'bench-password-1',
  ADMIN_SECRET_CODE: 'bench-code-42',
  SESSION_SECRET: 'bench-session-secret-0123456789',
};
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
type Kind = 'pglite' | 'postgres';
/** Memory budgets per database (issue 23): at rest, and at the peak of a 50,000-order backup. */
const TARGETS = {
  pglite: { backupSeconds: 60, restRssMb: 320, peakRssMb: 450, healthzP99Ms: 50, restoreSeconds: 120 },
  postgres: { backupSeconds: 60, restRssMb: 150, peakRssMb: 250, healthzP99Ms: 50, restoreSeconds: 120 },
};

/** A database of its own on the bench server; `drop()` removes it. */
async function ownPostgres(name: string) {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export async function seed(dataDir: string, databaseUrl?: string) {
  const config = loadConfig({
    DATA_DIR: dataDir,
    ...ENV,
    LOG_LEVEL: 'silent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const database = await openDatabase(config);
  try {
    await migrateDatabase(database);
    await installJobSchema(database, pino({ level: 'silent' }));
    await ensureStaffAccount(database.db, config, pino({ level: 'silent' }));
    await seedOrders(database.db, ORDERS, 10_000);
    const statuses = ['pending', 'in_progress', 'completed', 'cancelled'] as const;
    for (let start = 0; start < INTERVENTIONS; start += 1000) {
      const rows = [];
      for (let i = start; i < Math.min(start + 1000, INTERVENTIONS); i++) {
        rows.push({
          clientId: 1 + (i % 10_000),
          title: `Demande ${i + 1}`,
          urgency: 'medium' as const,
          status: statuses[i % 4]!,
          description:
            'Mon ordinateur est très lent depuis la dernière mise à jour, et l’imprimante ne répond plus. Pouvez-vous regarder ?',
          staffNotes:
            i % 3 ? '' : 'Rappeler le client en fin de matinée ; =SOMME(A1) ne doit pas s’exécuter dans un tableur.',
          durationMinutes: i % 4 === 2 ? 30 : null,
        });
      }
      await database.db.insert(interventions).values(rows);
    }
    // Ids follow insertion order: request n° i + 1 gets the client's message and the team's answer.
    for (let start = 0; WITH_MESSAGES && start < INTERVENTIONS; start += 500) {
      const rows = [];
      for (let i = start; i < Math.min(start + 500, INTERVENTIONS); i++) {
        rows.push(
          { interventionId: i + 1, author: 'client' as const, body: 'Bonjour, l’imprimante ne répond toujours pas.' },
          {
            interventionId: i + 1,
            author: 'staff' as const,
            staffUsername: 'admin',
            body: 'Bonjour, je me connecte dans deux minutes : laissez l’ordinateur allumé.',
          },
        );
      }
      await database.db.insert(interventionMessages).values(rows);
    }
    // bench/seed.ts issues each paid order's invoice with a stored PDF (one real rendered PDF shared by every row).
    const invoices = Number(
      (await database.db.execute(sql`select count(*)::int as n from invoices where pdf is not null`)).rows[0]!.n,
    );
    return { invoices };
  } finally {
    await database.close();
  }
}

const peakRssMb = async (pid: number) => {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)![1]) / 1024);
};
const rssMb = async (pid: number) =>
  Math.round(Number(/VmRSS:\s+(\d+)/.exec(await readFile(`/proc/${pid}/status`, 'utf8'))![1]) / 1024);

function healthzLoad(url: string, seconds?: number) {
  let instance!: autocannon.Instance;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      { url: `${url}/healthz`, connections: CONNECTIONS, duration: seconds ?? 3600 },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
  return { stop: () => instance.stop(), done };
}
const figures = (r: autocannon.Result) => ({
  requests: r.requests.total,
  p50Ms: r.latency.p50,
  p99Ms: r.latency.p99,
  maxMs: r.latency.max,
  non2xx: r.non2xx,
  errors: r.errors,
});

const databaseEnv = (url: string | undefined): Record<string, string> => (url ? { DATABASE_URL: url } : {});

type Call = (method: string, url: string, body?: unknown) => Promise<Response>;

/** Calls to the server as one staff member: the session cookie it sets is kept for the next call. */
function staffCaller(serverUrl: string): Call {
  let cookie = '';
  return async (method, url, body) => {
    const res = await fetch(`${serverUrl}${url}`, {
      method,
      headers: { cookie, origin: serverUrl, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const set = res.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0]!;
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return res;
  };
}

/** The backup started over HTTP and followed to its end, /healthz under load meanwhile, the server's memory sampled. */
async function backupUnderLoad(server: RunningServer, call: Call) {
  const pid = server.process.pid!;
  const load = healthzLoad(server.url);
  const started = Date.now();
  const { id } = (await (await call('POST', '/api/admin/backups')).json()) as { id: number };
  let status: { state: string; percent: number; error: string | null; size: number | null };
  let rssSampledMax = 0;
  for (;;) {
    await new Promise((r) => setTimeout(r, 500));
    rssSampledMax = Math.max(rssSampledMax, await rssMb(pid));
    status = ((await (await call('GET', '/api/admin/backups/current')).json()) as { backup: typeof status }).backup;
    if (status.state !== 'running') break;
  }
  const backupSeconds = (Date.now() - started) / 1000;
  load.stop();
  const during = figures(await load.done);
  const peak = await peakRssMb(pid);
  if (status.state !== 'done') throw new Error(`backup failed: ${status.error}`);
  return { id, backupSeconds, during, peak, rssSampledMax };
}

/** The archive downloaded to `zip`, timed, and its manifest read. */
async function download(call: Call, id: number, zip: string) {
  const downloadStart = Date.now();
  const res = await call('GET', `/api/admin/backups/${id}/download`);
  await pipeline(Readable.fromWeb(res.body as never), createWriteStream(zip));
  const downloadSeconds = (Date.now() - downloadStart) / 1000;
  const manifest = JSON.parse((await run('unzip', ['-p', zip, 'manifest.json'], { maxBuffer: 1 << 28 })).stdout) as {
    invoicePdfs: number;
    tables: Record<string, { rows: number }>;
    files: object;
  };
  return { downloadSeconds, manifest };
}

/** `npm run restore` of the archive into an empty folder (or database), timed, its memory sampled. */
async function timedRestore(zip: string, restoreDir: string, databaseUrl: string | undefined) {
  await mkdir(restoreDir);
  const restoreStart = Date.now();
  const restorePeak = await new Promise<number>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/restore.ts', zip], {
      // The server's configuration: its SESSION_SECRET signed the archive (services/backup/signature.ts).
      env: { ...process.env, ...ENV, DATA_DIR: restoreDir, ...databaseEnv(databaseUrl) },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    let maxRss = 0;
    const timer = setInterval(() => {
      rssMb(child.pid!).then(
        (v) => {
          maxRss = Math.max(maxRss, v);
        },
        () => {},
      );
    }, 500);
    child.on('exit', (code) => {
      clearInterval(timer);
      if (code === 0) resolve(maxRss);
      else reject(new Error(`restore exited with ${code}`));
    });
  });
  return { restoreSeconds: (Date.now() - restoreStart) / 1000, restorePeak };
}

export async function measureBackup(kind: Kind = 'pglite') {
  const work = await mkdtemp(path.join(tmpdir(), 'rfs-bench-backup-'));
  const dataDir = path.join(work, 'data');
  const source = kind === 'postgres' ? await ownPostgres('rfs_bench_backup') : null;
  const target = kind === 'postgres' ? await ownPostgres('rfs_bench_restore') : null;
  const seedStart = Date.now();
  const { invoices } = await seed(dataDir, source?.url);
  const seedSeconds = (Date.now() - seedStart) / 1000;
  console.log(
    `${kind}: seeded ${ORDERS} orders, ${INTERVENTIONS} interventions, ${WITH_MESSAGES ? 2 * INTERVENTIONS : 0} messages, ${invoices} invoices in ${seedSeconds.toFixed(1)} s`,
  );

  const server = await startServer(PORT, { ...ENV, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...databaseEnv(source?.url) });
  const call = staffCaller(server.url);
  try {
    await call('POST', '/api/admin/login', { username: ENV.ADMIN_USERNAME, password: ENV.ADMIN_PASSWORD });
    await call('POST', '/api/admin/unlock', { code: ENV.ADMIN_SECRET_CODE });
    const idle = figures(await healthzLoad(server.url, 10).done);
    const rssBefore = await rssMb(server.process.pid!);
    const { id, backupSeconds, during, peak, rssSampledMax } = await backupUnderLoad(server, call);
    const zip = path.join(work, 'sauvegarde.zip');
    const { downloadSeconds, manifest } = await download(call, id, zip);
    await server.stop();
    const { restoreSeconds, restorePeak } = await timedRestore(zip, path.join(work, 'restored'), target?.url);

    const targets = TARGETS[kind];
    const results = {
      measuredAt: new Date().toISOString(),
      database: kind,
      data: {
        orders: ORDERS,
        interventions: INTERVENTIONS,
        messages: WITH_MESSAGES ? 2 * INTERVENTIONS : 0,
        invoicesWithStoredPdf: invoices,
        seedSeconds: Math.round(seedSeconds),
      },
      targets,
      verdict: {
        backupUnderTarget: backupSeconds < targets.backupSeconds,
        restRssUnderTarget: rssBefore < targets.restRssMb,
        peakRssUnderTarget: peak < targets.peakRssMb,
        healthzP99UnderTarget: during.p99Ms < targets.healthzP99Ms,
        restoreUnderTarget: restoreSeconds < targets.restoreSeconds,
      },
      backup: {
        seconds: Math.round(backupSeconds * 10) / 10,
        archiveMb: Math.round(((await stat(zip)).size / 1024 / 1024) * 10) / 10,
        files: Object.keys(manifest.files).length,
        invoicePdfs: manifest.invoicePdfs,
        rows: Object.values(manifest.tables).reduce((sum, t) => sum + t.rows, 0),
        downloadSeconds: Math.round(downloadSeconds * 10) / 10,
        serverRssBeforeMb: rssBefore,
        serverRssSampledMaxMb: rssSampledMax,
        /** VmHWM: the server process's peak resident memory since it started (start-up included) */
        serverPeakRssMb: peak,
      },
      healthz: { connections: CONNECTIONS, beforeBackup: idle, duringBackup: during },
      restore: { seconds: Math.round(restoreSeconds * 10) / 10, sampledMaxRssMb: restorePeak },
    };
    await mkdir('bench/results', { recursive: true });
    await writeFile(
      `bench/results/${kind === 'pglite' ? 'backup' : 'backup-postgres'}.json`,
      `${JSON.stringify(results, null, 2)}\n`,
    );
    return results;
  } finally {
    if (server.process.exitCode === null) await server.stop();
    await rm(work, { recursive: true, force: true });
    await source?.drop();
    await target?.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const kinds = (process.env.BENCH_BACKUP_DATABASES ?? 'pglite,postgres').split(',') as Kind[];
  for (const kind of kinds) console.log(JSON.stringify(await measureBackup(kind), null, 2));
}
