import { open, readFile, rename, unlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * PGlite is a whole PostgreSQL inside one process: two processes on the same data folder would each believe they own
 * it and corrupt it. The first one writes DATA_DIR/server.lock with its pid; a second one stops with one clear line.
 * A lock left by a process that died (crash, kill -9) is recognised and taken over.
 */
export class DataDirLockedError extends Error {}

type Holder = { pid: number; host: string; startedAt: string };

export const LOCK_FILE = 'server.lock';
/** Locks this process holds: the same process opening the folder twice is refused too, and a lock naming our own pid is
 * stale only when we do not hold it (in a container every start is pid 1). */
const held = new Set<string>();

/** Whether a process of that id exists on this machine. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readHolder(file: string): Promise<Holder | null> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<Holder>;
    return typeof parsed.pid === 'number'
      ? { pid: parsed.pid, host: String(parsed.host ?? ''), startedAt: String(parsed.startedAt ?? '') }
      : null;
  } catch {
    return null; // unreadable or half-written: treated as stale below
  }
}

function lockedMessage(dataDir: string, holder: Holder): string {
  const where = holder.host === os.hostname() ? `pid ${holder.pid}` : `pid ${holder.pid} sur ${holder.host}`;
  const whereEn = holder.host === os.hostname() ? `pid ${holder.pid}` : `pid ${holder.pid} on ${holder.host}`;
  return (
    `DATA_DIR ${dataDir} est déjà utilisé par un autre processus (${where}) : arrêtez-le avant d’en démarrer un autre, ` +
    `ou donnez un autre DATA_DIR. / DATA_DIR ${dataDir} is already in use by another process (${whereEn}): stop it first, ` +
    'or use another DATA_DIR.'
  );
}

/** Takes the folder for this process; resolves to the function that gives it back (on close). */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const file = path.resolve(dataDir, LOCK_FILE);
  if (held.has(file))
    throw new DataDirLockedError(lockedMessage(dataDir, { pid: process.pid, host: os.hostname(), startedAt: '' }));
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await open(file, 'wx', 0o600);
      await handle.writeFile(
        JSON.stringify({ pid: process.pid, host: os.hostname(), startedAt: new Date().toISOString() }),
      );
      await handle.close();
      held.add(file);
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        held.delete(file);
        await unlink(file).catch(() => undefined);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = await readHolder(file);
    if (holder && holder.host !== os.hostname()) throw new DataDirLockedError(lockedMessage(dataDir, holder));
    if (holder && holder.pid !== process.pid && isAlive(holder.pid))
      throw new DataDirLockedError(lockedMessage(dataDir, holder));
    // Stale. Moved aside rather than deleted, then checked: if two processes found it stale at once, the second one
    // may have moved the first one's fresh lock, which it then puts back and refuses.
    const aside = `${file}.stale-${process.pid}`;
    await rename(file, aside).catch(() => undefined);
    const moved = await readHolder(aside);
    const same = moved && holder && moved.pid === holder.pid && moved.startedAt === holder.startedAt;
    if (moved && !same && moved.pid !== process.pid && isAlive(moved.pid)) {
      await rename(aside, file).catch(() => undefined);
      throw new DataDirLockedError(lockedMessage(dataDir, moved));
    }
    await unlink(aside).catch(() => undefined);
  }
  throw new DataDirLockedError(
    lockedMessage(dataDir, (await readHolder(file)) ?? { pid: 0, host: os.hostname(), startedAt: '' }),
  );
}
