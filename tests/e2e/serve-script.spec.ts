import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { isAlive } from '#server/db/data-dir-lock.ts';

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

// A container's stop or a supervisor signals npm only: the server must get the signal, finish its requests and close
// its database, not be left running without its parent (and later killed without draining). Here rather than beside
// the code: the server needs the built front end.
test('[FAULTS] SIGTERM sent to `npm run serve` reaches the server, which stops cleanly', async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rfs-serve-'));
  const port = await freePort();
  const npm = spawn('npm', ['run', '--silent', 'serve'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const ready = new Promise<number>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      log += chunk.toString();
      const line = log.split('\n').find((l) => l.includes('"server ready"'));
      if (line) resolve((JSON.parse(line) as { pid: number }).pid);
    };
    npm.stdout.on('data', read);
    npm.stderr.on('data', read);
    npm.once('exit', () => reject(new Error(`the server did not start:\n${log}`)));
  });
  const exited = once(npm, 'exit');
  let serverPid = 0;
  try {
    serverPid = await ready;
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);

    npm.kill('SIGTERM');
    await exited;
    expect(log).toContain('stopped cleanly');
    expect(isAlive(serverPid)).toBe(false);
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  } finally {
    npm.kill('SIGKILL');
    if (serverPid && isAlive(serverPid)) process.kill(serverPid, 'SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  }
});
