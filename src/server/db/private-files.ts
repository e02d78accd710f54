import { chmod, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * What the server keeps on disk holds password hashes, personal data and invoices: readable by the server's user
 * only, as the e-mail outbox (services/mail/mail-files.ts). Files 0600, folders 0700.
 */
export const PRIVATE_FILE = 0o600;
const PRIVATE_DIR = 0o700;

/** Creates the folder if needed and closes it to other users (an existing one too: mkdir's mode applies to new ones only). */
export async function privateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR });
  await chmod(dir, PRIVATE_DIR);
}

/**
 * Closes a whole tree to other users. PGlite (Emscripten's file system) creates its files 0666 and its folders 0755
 * whatever the umask: the folder's 0700 keeps others out of what it writes later, and this puts the files already
 * there (a folder from an earlier version included) at 0600.
 */
export async function closeTree(dir: string): Promise<void> {
  await chmod(dir, PRIVATE_DIR);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) await closeTree(file);
    else if (entry.isFile()) await chmod(file, PRIVATE_FILE).catch(vanished);
  }
}

/** A file the database removed between the listing and the chmod (its pid file, a temporary one) needs no closing. */
function vanished(error: NodeJS.ErrnoException) {
  if (error.code !== 'ENOENT') throw error;
}
