import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROOT } from '#server/app-root.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { postOrder, staffLogin } from '#server/test/fixtures.ts';
import { readZip, writeZip } from '#server/test/zip-files.ts';
import { MANIFEST, type BackupManifest } from './archive.ts';
import { ACCEPT_UNSIGNED_FLAG, MAX_MANIFEST_BYTES, RestoreError, verifyArchive } from './verify-archive.ts';
import { createBackupRunner } from './runner.ts';
import { loadBackupKey, SIGNATURE } from './signature.ts';

const run = promisify(execFile);

describe('[SECURITY][BACKUP] a restore trusts only archives signed with the backup key', () => {
  let t: TestApp;
  let dir: string;
  let archive: string;
  let key: Buffer;
  beforeAll(async () => {
    t = await createTestApp({ BACKUP_KEY: 'cle-de-sauvegarde-gardee-par-l-exploitant-0123' });
    await postOrder(t, await staffLogin(t));
    dir = await mkdtemp(path.join(tmpdir(), 'rfs-signature-'));
    const runner = createBackupRunner({
      database: t.database,
      dataDir: dir,
      config: t.config,
      log: pino({ level: 'silent' }),
    });
    const started = runner.start('staff');
    await runner.settled();
    archive = (await runner.file(started.id)).path;
    key = await loadBackupKey(t.config);
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** The archive as someone with the file but not the key would edit it: a staff row added, the digests made right. */
  async function tampered(): Promise<string> {
    const entries = await readZip(archive);
    const manifest = JSON.parse(entries.get(MANIFEST)!.toString('utf8')) as BackupManifest;
    const name = 'donnees/staff_users.jsonl';
    const staff = Buffer.concat([entries.get(name)!, Buffer.from('{"id":999,"username":"intrus"}\n')]);
    entries.set(name, staff);
    manifest.files[name] = { sha256: createHash('sha256').update(staff).digest('hex'), size: staff.length };
    manifest.tables.staff_users!.rows += 1;
    entries.set(MANIFEST, Buffer.from(JSON.stringify(manifest)));
    return writeZip(path.join(dir, 'modifiee.zip'), entries);
  }

  const refusal = (file: string, options: Parameters<typeof verifyArchive>[1]) =>
    verifyArchive(file, options).then(
      (verified) => {
        verified.close();
        throw new Error('accepted');
      },
      (error: unknown) => error as Error,
    );

  it('signs the manifest, and accepts the archive under the same key', async () => {
    const entries = await readZip(archive);
    expect(JSON.parse(entries.get(SIGNATURE)!.toString('utf8'))).toEqual({
      algorithm: 'HMAC-SHA256',
      signature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const verified = await verifyArchive(archive, { key });
    verified.close();
    expect(verified.signature).toBe('valid');
  });

  it('refuses an archive edited after the backup, though every digest in it matches', async () => {
    const error = await refusal(await tampered(), { key });
    expect(error).toBeInstanceOf(RestoreError);
    expect(error.message).toMatch(
      /^La signature de cette archive ne correspond pas à la clé de ce serveur .*Rien n’a été modifié.*--ignorer-signature\.$/,
    );
  });

  it('refuses an archive signed with another key, and one without a signature', async () => {
    const other = await loadBackupKey({ BACKUP_KEY: 'une-autre-cle-de-sauvegarde-0123456789', DATA_DIR: dir });
    expect((await refusal(archive, { key: other })).message).toMatch(
      /^La signature de cette archive ne correspond pas/,
    );
    const entries = await readZip(archive);
    entries.delete(SIGNATURE);
    const unsigned = await writeZip(path.join(dir, 'sans-signature.zip'), entries);
    expect((await refusal(unsigned, { key })).message).toMatch(
      /^Cette archive n’est pas signée .*relancez avec --ignorer-signature\.$/,
    );
  });

  it('restores an unsigned or foreign archive only when told to, and says which it was', async () => {
    const verified = await verifyArchive(await tampered(), { key, acceptUnsigned: true });
    verified.close();
    expect(verified.signature).toBe('mismatch');
  });

  it('refuses a manifest larger than any real one before reading it', async () => {
    const entries = await readZip(archive);
    // Spaces deflate to almost nothing: a small file declaring a huge manifest.
    entries.set(MANIFEST, Buffer.alloc(MAX_MANIFEST_BYTES + 1, ' '));
    const huge = await writeZip(path.join(dir, 'enorme.zip'), entries);
    const error = await refusal(huge, { key, acceptUnsigned: true });
    expect(error.message).toBe(
      `manifest.json est anormalement grand (${MAX_MANIFEST_BYTES + 1} octets) : ce n’est pas une sauvegarde du site. Rien n’a été modifié.`,
    );
  });

  it('npm run restore refuses an edited archive before opening any database', async () => {
    const target = path.join(dir, 'cible');
    const error = await run('npx', ['tsx', 'src/server/restore.ts', await tampered()], {
      cwd: APP_ROOT,
      env: { ...process.env, DATA_DIR: target, BACKUP_KEY: t.config.BACKUP_KEY, SESSION_SECRET: '', DATABASE_URL: '' },
    }).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(error?.code).toBe(1);
    expect(error?.stderr).toMatch(/La signature de cette archive ne correspond pas/);
    expect(error?.stderr).toContain(ACCEPT_UNSIGNED_FLAG);
    // No database was created.
    await expect(stat(path.join(target, 'pglite'))).rejects.toThrow(/ENOENT/);
  });
});
