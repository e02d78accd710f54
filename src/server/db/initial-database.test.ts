import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openPglite } from './client.ts';
import { initialDatabaseFor } from './initial-database.ts';

describe('[DB] a first start unpacks the built initial database instead of running initdb', () => {
  const dirs: string[] = [];
  afterAll(async () => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  it('an empty folder starts from the tarball, keeps what is written, and is never overwritten by it again', async () => {
    const dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'rfs-initial-')), 'pglite');
    dirs.push(path.dirname(dataDir));
    // The test run's template is such a tarball: a migrated database with the job queue's schema.
    const tarball = inject('pgliteTemplate');
    const first = await openPglite({ dataDir, loadDataDir: await initialDatabaseFor(dataDir, tarball) });
    await first.pglite!.query(`insert into app_settings (key, value) values ('premier-demarrage', '"oui"')`);
    await first.close();

    expect(await initialDatabaseFor(dataDir, tarball)).toBeUndefined();
    const again = await openPglite({ dataDir, loadDataDir: await initialDatabaseFor(dataDir, tarball) });
    const { rows } = await again.pglite!.query<{ value: unknown }>(
      `select value from app_settings where key = 'premier-demarrage'`,
    );
    await again.close();
    expect(rows).toEqual([{ value: 'oui' }]);
  });

  it('without a build, gives nothing and lets PGlite create the folder itself', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'rfs-initial-'));
    dirs.push(dir);
    expect(await initialDatabaseFor(path.join(dir, 'pglite'), path.join(dir, 'absent.tar.gz'))).toBeUndefined();
  });
});
