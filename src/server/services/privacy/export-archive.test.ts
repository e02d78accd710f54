import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/client.ts';
import { newClient } from '#server/routes/client/access-fixtures.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { staffLogin } from '#server/test/fixtures.ts';
import { clientDataArchive } from './export-archive.ts';

// « Mes données » reads each file from the database only when the zip comes to it, after the answer has begun.
describe('[PRIVACY] a database failure while « Mes données » streams a file', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('errors the download’s stream, which the server cuts off, instead of leaving it hanging', async () => {
    const client = await newClient(t, await staffLogin(t), 'archive', 'famille');
    let failing = false;
    // The database as the archive sees it: its reads fail once the archive has started.
    const db = new Proxy(t.db, {
      get(target, property, receiver) {
        if (property === 'select' && failing)
          return () => {
            throw new Error('base de données indisponible');
          };
        return Reflect.get(target, property, receiver) as unknown;
      },
    }) as Db;
    const archive = await clientDataArchive(db, client.id);
    failing = true;
    const outcome = await new Promise<unknown>((resolve) => {
      archive!.once('error', resolve);
      archive!.once('end', () => resolve('ended as if complete'));
      archive!.resume();
    });
    expect(outcome).toBeInstanceOf(Error);
    expect((outcome as Error).message).toBe('base de données indisponible');
  });
});
