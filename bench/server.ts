// Starts the built app (`npm run build`: dist/server) as a child process on a free port with its own data directory,
// for benchmarks: the very files `npm start` runs.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * `npm run serve`'s environment and Node flags (package.json): a bench measures the server as it runs (memory
 * settings, source maps).
 */
async function serveCommand(): Promise<{ env: Record<string, string>; flags: string[] }> {
  const { scripts } = JSON.parse(await readFile('package.json', 'utf8')) as { scripts: Record<string, string> };
  const match = /^((?:[A-Z_]+=\S+ )*)exec node ((?:--\S+ )*)\S+$/.exec(scripts.serve ?? '');
  if (!match)
    throw new Error('package.json: the serve script no longer reads `[VAR=value …] exec node <flags> <file>`');
  const words = (text: string) => text.split(' ').filter(Boolean);
  return {
    env: Object.fromEntries(words(match[1]!).map((w) => w.split('=') as [string, string])),
    flags: words(match[2]!),
  };
}

export type RunningServer = { url: string; stop(): Promise<void>; process: ChildProcess };

/**
 * `dataDir`: a folder the caller keeps (a restart on the same data); by default a new one, removed at stop().
 * `logs: 'discard'`: the server logs as deployed (its request lines are part of the cost) without filling the console.
 */
export async function startServer(
  port: number,
  env: Record<string, string> = {},
  options: { dataDir?: string; logs?: 'show' | 'discard'; nodeFlags?: string[] } = {},
): Promise<RunningServer> {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'rfs-bench-')));
  const url = `http://127.0.0.1:${port}`;
  const serve = await serveCommand();
  const main = path.join(process.env.RFS_DIST ?? 'dist', 'server/main.js');
  const child = spawn(process.execPath, [...serve.flags, ...(options.nodeFlags ?? []), main], {
    env: {
      ...process.env,
      ...serve.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', options.logs === 'discard' ? 'ignore' : 'inherit', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    process: child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A staff session on `base`: the cookie to send with the back-office's calls. */
export async function staffSignIn(base: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ username, password }),
  });
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
  if (!res.ok || !cookie) throw new Error(`sign-in refused: ${res.status}`);
  return cookie;
}
