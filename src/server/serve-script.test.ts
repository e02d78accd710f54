import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockDataDir } from './db/data-dir-lock';

const ROOT = path.resolve(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

// The embedded database whatever the suite's: the script is under test, not the database.
describe.skipIf(process.env.TEST_DB === 'postgres')('npm run serve (what a deployment runs)', () => {
  let dataDir: string;
  beforeEach(async () => { dataDir = await mkdtemp(path.join(tmpdir(), 'rfs-serve-')); });
  afterEach(async () => rm(dataDir, { recursive: true, force: true }));

  // A container's stop or a supervisor signals npm only: the server must get the signal, finish and close its database,
  // not be left running without its parent (then killed without draining).
  it('passes SIGTERM sent to npm on to the server, which stops cleanly', async () => {
    const port = await freePort();
    const npm = spawn('npm', ['run', '--silent', 'serve'], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    npm.stdout.on('data', (chunk: Buffer) => { log += chunk.toString(); });
    npm.stderr.on('data', (chunk: Buffer) => { log += chunk.toString(); });
    const exited = once(npm, 'exit');
    while (!log.includes('server ready')) {
      if (npm.exitCode !== null) throw new Error(`the server did not start:\n${log}`);
      await once(npm.stdout, 'data');
    }
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);

    npm.kill('SIGTERM');
    await exited;
    expect(log).toContain('stopped cleanly');
    // The data folder is free: no server process is left holding it.
    const release = await lockDataDir(dataDir);
    await release();
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  }, 90_000);
});
