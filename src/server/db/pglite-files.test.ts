import { chmod, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from './client.ts';

/** Every file and folder under dir (itself included) with its permission bits. */
async function modes(dir: string): Promise<Array<{ file: string; mode: number; folder: boolean }>> {
  const out = [{ file: dir, mode: (await stat(dir)).mode & 0o777, folder: true }];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name);
    out.push({ file, mode: (await stat(file)).mode & 0o777, folder: entry.isDirectory() });
  }
  return out;
}

// A fresh embedded database runs initdb in WebAssembly: seconds on a quiet machine, far more on a loaded one.
const INITDB_LIMIT = 180_000;

describe('[SECURITY][FILES] the embedded database’s folder', () => {
  let root: string;
  let dataDir: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'rfs-pglite-'));
    dataDir = path.join(root, 'pglite');
  });
  afterAll(async () => rm(root, { recursive: true, force: true }));

  it(
    'is readable by the server’s user only: files 0600 in folders 0700',
    async () => {
      const database = await openPglite({ dataDir });
      await database.db.execute('create table essai (id int)' as never);
      await database.close();
      const found = await modes(dataDir);
      expect(found.length).toBeGreaterThan(100);
      expect(found.filter((f) => f.mode !== (f.folder ? 0o700 : 0o600))).toEqual([]);
    },
    INITDB_LIMIT,
  );

  it(
    'closes a folder an earlier version left open to everyone',
    async () => {
      await mkdir(path.join(dataDir, 'ancien'), { mode: 0o755 });
      await writeFile(path.join(dataDir, 'ancien', 'fichier'), 'x', { mode: 0o644 });
      await chmod(dataDir, 0o755);
      await (await openPglite({ dataDir })).close();
      const found = await modes(dataDir);
      expect(found.filter((f) => f.mode !== (f.folder ? 0o700 : 0o600))).toEqual([]);
    },
    INITDB_LIMIT,
  );
});
