import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from './data-dir-lock.ts';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../..');

/** Starts the server as `npm start` would (after the build), on a data folder; resolves with how it ended. */
async function startServer(dataDir: string) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: ROOT,
      timeout: 60_000,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        DATABASE_URL: '',
      },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('[DATA] one process per PGlite data folder', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'rfs-lock-'));
  });
  afterEach(async () => rm(dataDir, { recursive: true, force: true }));

  it('refuses a second server on the same DATA_DIR with one clear line, French and English', async () => {
    const release = await lockDataDir(dataDir);
    try {
      const second = await startServer(dataDir);
      expect(second.code).toBe(1);
      const lines = second.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`DATA_DIR ${dataDir} est déjà utilisé par un autre processus (pid ${process.pid})`);
      expect(lines[0]).toContain(`DATA_DIR ${dataDir} is already in use by another process (pid ${process.pid})`);
      // It stopped before touching the database: no PGlite folder was created.
      await expect(readFile(path.join(dataDir, 'pglite', 'PG_VERSION'))).rejects.toThrow();
    } finally {
      await release();
    }
    // Given back: the folder is free again.
    const again = await lockDataDir(dataDir);
    await again();
  });

  it('takes over a lock left by a process that died', async () => {
    // A real process that has exited: its pid is no longer running.
    const child = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => child.on('exit', resolve));
    await writeFile(
      path.join(dataDir, LOCK_FILE),
      JSON.stringify({ pid: child.pid, host: hostname(), startedAt: '2026-01-01T00:00:00Z' }),
    );
    const release = await lockDataDir(dataDir);
    const holder = JSON.parse(await readFile(path.join(dataDir, LOCK_FILE), 'utf8')) as { pid: number };
    expect(holder.pid).toBe(process.pid);
    await release();
  });

  it('refuses the same folder twice in one process, and a lock held on another machine', async () => {
    const release = await lockDataDir(dataDir);
    await expect(lockDataDir(dataDir)).rejects.toThrow(DataDirLockedError);
    await release();
    await writeFile(
      path.join(dataDir, LOCK_FILE),
      JSON.stringify({ pid: 1, host: 'autre-serveur', startedAt: '2026-01-01T00:00:00Z' }),
    );
    await expect(lockDataDir(dataDir)).rejects.toThrow('pid 1 sur autre-serveur');
  });
});
