// What the load benchmarks share: autocannon run as a child process, and routes measured in short alternating slices
// beside a bare yardstick route, so that a burst of other work on this shared machine hits every route alike.
import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);

type Cannon = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
};
/**
 * cpuUsPerRequest: the server's CPU time per answered request: this process's when the server runs here, the
 * server process's (`pid`) when it runs apart. autocannon runs in a process of its own and is never counted.
 */
export type Figures = {
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  cpuUsPerRequest: number;
  /** PostgreSQL's CPU time per answered request, when asked (`database: 'local-postgres'`), else null */
  databaseCpuUsPerRequest: number | null;
  non2xx: number;
  errors: number;
};

/** autocannon's own API in a child process, for a load that rotates over several paths (its CLI takes one URL). */
const ROTATING = `
import autocannon from 'autocannon';
const [url, connections, duration, paths] = process.argv.slice(1);
const requests = JSON.parse(paths).map((path) => ({ method: 'GET', path }));
const r = await autocannon({ url, connections: Number(connections), duration: Number(duration), requests });
console.log(JSON.stringify(r));`;

/** Linux reports a process's CPU time in ticks of 1/100 s to user space (USER_HZ), whatever the kernel's own rate. */
const TICK_US = 10_000;

/** CPU time used so far, in µs: this process's, or another's read from /proc (Linux). */
async function cpuTimeUs(pid?: number): Promise<number> {
  if (pid === undefined) {
    const used = process.cpuUsage();
    return used.user + used.system;
  }
  return (await procCpu(pid))?.us ?? 0;
}

/** A process's name and CPU time in µs from /proc/<pid>/stat, or null once it has gone. */
async function procCpu(pid: number | string): Promise<{ name: string; us: number } | null> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (stat === null) return null;
  // The name is in parentheses and may hold spaces; utime and stime are the 12th and 13th fields after it.
  const close = stat.lastIndexOf(') ');
  const fields = stat.slice(close + 2).split(' ');
  return { name: stat.slice(stat.indexOf('(') + 1, close), us: (Number(fields[11]) + Number(fields[12])) * TICK_US };
}

/** The CPU time used so far by each of this machine's PostgreSQL processes (the server and its backends), in µs. */
async function postgresCpu(): Promise<Map<string, number>> {
  const pids = (await readdir('/proc')).filter((entry) => /^\d+$/.test(entry));
  const processes = await Promise.all(pids.map(async (pid) => [pid, await procCpu(pid)] as const));
  return new Map(processes.flatMap(([pid, p]) => (p?.name === 'postgres' ? [[pid, p.us] as const] : [])));
}

/**
 * What PostgreSQL's processes used between two readings, process by process: a pool's connection left idle closes
 * its backend and takes that time with it, and a new one starts from nothing, so totals alone can even go down.
 */
function postgresCpuSince(before: Map<string, number>, after: Map<string, number>): number {
  let used = 0;
  for (const [pid, us] of after) used += us - (before.get(pid) ?? 0);
  return used;
}

export async function cannon(
  url: string,
  options: {
    connections: number;
    seconds: number;
    headers?: string[];
    paths?: string[];
    pid?: number;
    /** also count PostgreSQL's CPU time, when it runs on this machine (the bench then runs alone on it) */
    database?: 'local-postgres';
  },
): Promise<Figures> {
  const [command, args] = options.paths
    ? [
        process.execPath,
        [
          '--input-type=module',
          '-e',
          ROTATING,
          url,
          String(options.connections),
          String(options.seconds),
          JSON.stringify(options.paths),
        ],
      ]
    : [
        'npx',
        [
          'autocannon',
          '--json',
          '-c',
          String(options.connections),
          '-d',
          String(options.seconds),
          ...(options.headers ?? []).flatMap((h) => ['-H', h]),
          url,
        ],
      ];
  const cpuBefore = await cpuTimeUs(options.pid);
  const databaseBefore = options.database === 'local-postgres' ? await postgresCpu() : null;
  const { stdout } = await run(command, args, { maxBuffer: 64 * 1024 * 1024 });
  const used = (await cpuTimeUs(options.pid)) - cpuBefore;
  const databaseUsed = databaseBefore ? postgresCpuSince(databaseBefore, await postgresCpu()) : null;
  const r = JSON.parse(stdout) as Cannon;
  const answered = Math.max(1, r.requests.total);
  return {
    requestsPerSec: r.requests.average,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    cpuUsPerRequest: Math.round(used / answered),
    databaseCpuUsPerRequest: databaseUsed === null ? null : Math.round(databaseUsed / answered),
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

const medianOrNull = (values: Array<number | null>) =>
  values.every((v) => v !== null) ? median(values as number[]) : null;

/**
 * Measures every target once per round, in an order rotating from round to round, and sums each up against the
 * `baseline` target of the same round: median requests/s, median ratio (with its range), p99, errors.
 */
export async function alternate<Name extends string>(
  targets: Record<Name | 'baseline', () => Promise<Figures>>,
  rounds: number,
) {
  const names = Object.keys(targets) as Array<Name | 'baseline'>;
  const perRound: Array<Record<Name | 'baseline', Figures>> = [];
  for (let round = 0; round < rounds; round++) {
    const figures = {} as Record<Name | 'baseline', Figures>;
    for (let i = 0; i < names.length; i++) {
      const name = names[(round + i) % names.length]!;
      figures[name] = await targets[name]();
    }
    perRound.push(figures);
  }
  const summary = (name: Name | 'baseline') => {
    const ratios = perRound.map((r) => r[name].requestsPerSec / r.baseline.requestsPerSec);
    const p99s = perRound.map((r) => r[name].p99Ms);
    return {
      requestsPerSec: Math.round(median(perRound.map((r) => r[name].requestsPerSec))),
      ratio: round2(median(ratios)),
      ratioRange: [round2(Math.min(...ratios)), round2(Math.max(...ratios))],
      p99Ms: median(p99s),
      p99MsRange: [Math.min(...p99s), Math.max(...p99s)],
      cpuUsPerRequest: median(perRound.map((r) => r[name].cpuUsPerRequest)),
      databaseCpuUsPerRequest: medianOrNull(perRound.map((r) => r[name].databaseCpuUsPerRequest)),
      non2xx: perRound.reduce((n, r) => n + r[name].non2xx, 0),
      errors: perRound.reduce((n, r) => n + r[name].errors, 0),
    };
  };
  return {
    summary: Object.fromEntries(names.map((n) => [n, summary(n)])) as Record<
      Name | 'baseline',
      ReturnType<typeof summary>
    >,
    perRound,
  };
}
