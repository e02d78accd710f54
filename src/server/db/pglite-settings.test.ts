import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPglite } from './client.ts';

// The embedded database's buffers are part of the server's memory: a folder made before the setting takes it too.
describe.skipIf(process.env.TEST_DB === 'postgres')('PGlite memory settings', () => {
  it('a data folder opens with small shared buffers, again after a restart', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'rfs-pglite-settings-'));
    try {
      for (let start = 0; start < 2; start++) {
        const database = await openPglite({ dataDir: dir });
        try {
          const shown = await database.pglite!.query<{ shared_buffers: string }>('show shared_buffers');
          expect(shown.rows[0]!.shared_buffers).toBe('16MB');
        } finally {
          await database.close();
        }
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
