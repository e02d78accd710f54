import { chmod, mkdir, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

// Without SMTP_URL each message is a file in DATA_DIR/outbox/, and messages carry passwords and reset links in
// clear: only the server's user may read them, and none is kept longer than a week.
export const MAIL_FILE_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
const PURGE_EVERY_MS = 60 * 60 * 1000;

/** A message being written: never read as one (it may be half there), purged like one if a crash left it. */
const PARTIAL = '.partial';

/**
 * Writes one message, readable by the server's user only (file 0600 in a 0700 folder). Written under another name and
 * renamed once whole: whoever reads the `.eml` files (staff without SMTP, the browser tests) never reads half of one.
 */
export async function writeMailFile(dir: string, name: string, message: Buffer): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, name);
  await writeFile(file + PARTIAL, message, { mode: 0o600 });
  await rename(file + PARTIAL, file);
  return file;
}

/**
 * Deletes the messages older than MAIL_FILE_DAYS and closes the folder and the files kept to the server's user
 * (they may come from a version that wrote them world-readable). Returns how many were deleted.
 */
export async function purgeMailFiles(dir: string, now = new Date()): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  await chmod(dir, 0o700);
  let deleted = 0;
  for (const name of names.filter((n) => n.endsWith('.eml') || n.endsWith(`.eml${PARTIAL}`))) {
    const file = path.join(dir, name);
    try {
      const info = await stat(file);
      if (now.getTime() - info.mtime.getTime() > MAIL_FILE_DAYS * DAY_MS) {
        await unlink(file);
        deleted++;
      } else if ((info.mode & 0o077) !== 0) {
        await chmod(file, 0o600);
      }
    } catch (error) {
      // Gone since the folder was read (a message renamed once whole, another purge): nothing left to do with it.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return deleted;
}

/** Purges now and then every hour, without keeping the process alive; returns what stops it. */
export function schedulePurge(dir: string, log: FastifyBaseLogger): () => void {
  const run = () =>
    purgeMailFiles(dir).then(
      (deleted) => {
        if (deleted) log.info({ deleted }, `mail files older than ${MAIL_FILE_DAYS} days deleted`);
      },
      (error: unknown) => log.error({ err: error }, 'could not purge the mail files'),
    );
  void run();
  const timer = setInterval(run, PURGE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
