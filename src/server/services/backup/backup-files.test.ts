import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { postOrder, staffLogin } from '#server/test/fixtures.ts';
import { BACKUP_DIR, createBackupRunner } from './runner.ts';

const mode = async (file: string) => (await stat(file)).mode & 0o777;

describe('[SECURITY][FILES] the backup archive', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    t = await createTestApp();
    await postOrder(t, await staffLogin(t));
    dataDir = await mkdtemp(path.join(tmpdir(), 'rfs-backup-files-'));
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is readable by the server’s user only: the file 0600 in a 0700 folder', async () => {
    const runner = createBackupRunner({
      database: t.database,
      dataDir,
      config: t.config,
      log: pino({ level: 'silent' }),
    });
    const started = runner.start('staff');
    await runner.settled();
    expect(runner.current()).toMatchObject({ state: 'done' });
    const { path: file } = await runner.file(started.id);
    expect(await mode(path.join(dataDir, BACKUP_DIR))).toBe(0o700);
    expect(await readdir(path.join(dataDir, BACKUP_DIR))).toEqual([path.basename(file)]);
    expect(await mode(file)).toBe(0o600);
  });
});
