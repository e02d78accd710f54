// The built server's first start on an empty DATA_DIR (PGlite), as `npm start` runs it: time until /healthz answers
// and the process's peak memory (VmHWM) then, from the initial database the build made (db/initial-database.ts),
// beside the same start with that file hidden (PGlite's own initdb), alternating, BENCH_ROUNDS rounds.
// Build first. Writes bench/results/first-start.json. Target (speed issue): peak RSS under 450 MB.
import { readFile, rename, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { INITIAL_DATABASE_FILE } from '#server/db/initial-database.ts';
import { median } from './alternating.ts';
import { startServer } from './server.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET_PEAK_MB = 450;

async function firstStart(port: number) {
  const started = performance.now();
  const server = await startServer(port, { ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'bench-first-start-1' });
  const readyMs = Math.round(performance.now() - started);
  const status = await readFile(`/proc/${server.process.pid}/status`, 'utf8');
  const peakMb = Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)![1]) / 1024);
  await server.stop();
  return { readyMs, peakMb };
}

export async function measureFirstStart() {
  const hidden = `${INITIAL_DATABASE_FILE}.hidden`;
  const runs: Record<'initialDatabase' | 'initdb', Array<{ readyMs: number; peakMb: number }>> = {
    initialDatabase: [],
    initdb: [],
  };
  for (let round = 0; round < ROUNDS; round++) {
    runs.initialDatabase.push(await firstStart(3300 + round * 2));
    await rename(INITIAL_DATABASE_FILE, hidden);
    try {
      runs.initdb.push(await firstStart(3301 + round * 2));
    } finally {
      await rename(hidden, INITIAL_DATABASE_FILE);
    }
  }
  const sum = (list: Array<{ readyMs: number; peakMb: number }>) => ({
    readyMs: median(list.map((r) => r.readyMs)),
    peakMb: median(list.map((r) => r.peakMb)),
    runs: list,
  });
  const result = {
    date: new Date().toISOString(),
    database: 'pglite',
    rounds: ROUNDS,
    targetPeakMb: TARGET_PEAK_MB,
    initialDatabase: sum(runs.initialDatabase),
    initdb: sum(runs.initdb),
  };
  await mkdir(path.join(import.meta.dirname, 'results'), { recursive: true });
  await writeFile(
    path.join(import.meta.dirname, 'results', 'first-start.json'),
    `${JSON.stringify(result, null, 2)}\n`,
  );
  console.log(JSON.stringify({ initialDatabase: result.initialDatabase, initdb: result.initdb }, null, 2));
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) await measureFirstStart();
