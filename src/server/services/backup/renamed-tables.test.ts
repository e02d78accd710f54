import { mkdtemp, rm } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { inboxItems } from '../../db/schema';
import { createTestApp, openTestDatabase, type TestApp } from '../../test/harness';
import { postOrder, staffLogin } from '../../test/fixtures';
import { readZip, writeZip } from '../../test/zip-files';
import { MANIFEST, type BackupManifest } from './archive';
import { restoreBackup } from './restore';
import { createBackupRunner } from './runner';
import { loadBackupKey, signManifest, SIGNATURE } from './signature';
import { RENAMED_TABLES } from './tables';

/**
 * An archive made before tables were renamed (orders were « manual_orders », the inbox « requests ») names its files
 * and manifest entries after the old tables: it must still restore, into today's tables.
 */
describe('[BACKUP] an archive from before the tables were renamed restores into today’s tables', () => {
  let t: TestApp;
  let dir: string;
  let oldArchive: string;
  let key: Buffer;
  let target: Database | undefined;

  beforeAll(async () => {
    t = await createTestApp();
    await postOrder(t, await staffLogin(t));
    await t.db.insert(inboxItems).values({ kind: 'contact', name: 'Ancien Format', email: 'ancien@exemple.fr', subject: 'Bonjour', message: 'Un message' });
    dir = await mkdtemp(path.join(tmpdir(), 'rfs-renamed-'));
    const runner = createBackupRunner({ database: t.database, dataDir: dir, config: t.config, log: pino({ level: 'silent' }) });
    const started = runner.start('staff');
    await runner.settled();
    key = await loadBackupKey(t.config);

    // The same archive as the previous version wrote it: every file and manifest entry under the old table names.
    const entries = await readZip((await runner.file(started.id)).path);
    const manifest = JSON.parse(entries.get(MANIFEST)!.toString('utf8')) as BackupManifest;
    const oldNames = Object.fromEntries(Object.entries(RENAMED_TABLES).map(([oldName, newName]) => [newName, oldName]));
    const rename = (file: string) => file.replace(/^(donnees|csv)\/([a-z_]+)\./, (whole, folder: string, table: string) => (oldNames[table] ? `${folder}/${oldNames[table]}.` : whole));
    const renamed = new Map([...entries].map(([name, data]) => [rename(name), data]));
    manifest.tables = Object.fromEntries(Object.entries(manifest.tables).map(([name, table]) => [oldNames[name] ?? name, table]));
    manifest.files = Object.fromEntries(Object.entries(manifest.files).map(([name, file]) => [rename(name), file]));
    const manifestBytes = Buffer.from(JSON.stringify(manifest));
    renamed.set(MANIFEST, manifestBytes);
    renamed.set(SIGNATURE, signManifest(key, manifestBytes));
    expect([...renamed.keys()]).toEqual(expect.arrayContaining(['donnees/manual_orders.jsonl', 'donnees/requests.jsonl']));
    expect(createHash('sha256').update(renamed.get('donnees/manual_orders.jsonl')!).digest('hex')).toBe(manifest.files['donnees/manual_orders.jsonl']!.sha256);
    oldArchive = await writeZip(path.join(dir, 'ancienne.zip'), renamed);
  });

  afterAll(async () => {
    await target?.close();
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('fills orders and inbox_items from manual_orders and requests, every row kept', async () => {
    target = await openTestDatabase();
    const counts = await restoreBackup(target, oldArchive, { key });
    expect(counts.manual_orders).toBe(1);
    expect(counts.requests).toBe(1);
    const orders = await target.db.execute(sql`select client_email from orders`);
    expect(orders.rows).toHaveLength(1);
    const inbox = await target.db.execute(sql`select name, subject from inbox_items`);
    expect(inbox.rows).toEqual([{ name: 'Ancien Format', subject: 'Bonjour' }]);
  });
});
