import { mkdtemp, rm } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { inboxItems, interventionMessages, interventions } from '#server/db/schema.ts';
import { createTestApp, openTestDatabase, type TestApp } from '#server/test/harness.ts';
import { postOrder, staffLogin } from '#server/test/fixtures.ts';
import { readZip, writeZip } from '#server/test/zip-files.ts';
import { MANIFEST, type BackupManifest } from './archive.ts';
import { restoreBackup } from './restore.ts';
import { createBackupRunner } from './runner.ts';
import { loadBackupKey, signManifest, SIGNATURE } from './signature.ts';
import { RENAMED_TABLES } from './tables.ts';

/**
 * An archive made by an earlier version names its files and manifest entries after the old tables (orders were
 * « manual_orders », the inbox « requests »), holds a column since dropped (clients' password_hint, migration 0005) and
 * lacks some added since (the outbox's next_attempt_at, 0030; the messages' notice, 0046): it must still restore, into
 * today's tables.
 */
describe('[BACKUP] an archive from before the tables were renamed restores into today’s tables', () => {
  let t: TestApp;
  let dir: string;
  let oldArchive: string;
  let key: Buffer;
  let target: Database | undefined;

  beforeAll(async () => {
    t = await createTestApp();
    const order = await postOrder(t, await staffLogin(t), { username: 'ancienclient', password: 'Jardin-Lointain-42' });
    // A conversation from before notices: a screen share's line, and a member's message that only starts like one.
    const [request] = await t.db
      .insert(interventions)
      .values({ clientId: order.order.clientId!, title: 'Demande', description: 'Écran noir' })
      .returning();
    await t.db.insert(interventionMessages).values([
      { interventionId: request!.id, author: 'staff', body: 'Partage d’écran : 12 min avec Julien' },
      {
        interventionId: request!.id,
        author: 'staff',
        body: 'Partage d’écran : 12 min avec Julien\nJe reviens vers vous.',
      },
    ]);
    await t.db.insert(inboxItems).values({
      kind: 'contact',
      name: 'Ancien Format',
      email: 'ancien@exemple.fr',
      subject: 'Bonjour',
      message: 'Un message',
    });
    dir = await mkdtemp(path.join(tmpdir(), 'rfs-renamed-'));
    const runner = createBackupRunner({
      database: t.database,
      dataDir: dir,
      config: t.config,
      log: pino({ level: 'silent' }),
    });
    const started = runner.start('staff');
    await runner.settled();
    key = await loadBackupKey(t.config);

    // The same archive as the previous version wrote it: every file and manifest entry under the old table names.
    const entries = await readZip((await runner.file(started.id)).path);
    const manifest = JSON.parse(entries.get(MANIFEST)!.toString('utf8')) as BackupManifest;
    const oldNames = Object.fromEntries(Object.entries(RENAMED_TABLES).map(([oldName, newName]) => [newName, oldName]));
    const rename = (file: string) =>
      file.replace(/^(donnees|csv)\/([a-z_]+)\./, (whole, folder: string, table: string) =>
        oldNames[table] ? `${folder}/${oldNames[table]}.` : whole,
      );
    // Its clients with the hint dropped in 0005, its outbox without the column added in 0030.
    const rewrite = (
      table: string,
      change: (row: Record<string, unknown>) => Record<string, unknown>,
      columns: (names: Array<{ name: string; type: string }>) => Array<{ name: string; type: string }>,
    ) => {
      const file = `donnees/${table}.jsonl`;
      const lines = entries
        .get(file)!
        .toString('utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.stringify(change(JSON.parse(line) as Record<string, unknown>)));
      expect(lines.length).toBeGreaterThan(0);
      entries.set(file, Buffer.from(`${lines.join('\n')}\n`));
      manifest.files[file] = {
        sha256: createHash('sha256').update(entries.get(file)!).digest('hex'),
        size: entries.get(file)!.length,
      };
      manifest.tables[table]!.columns = columns(manifest.tables[table]!.columns);
    };
    rewrite(
      'clients',
      (row) => ({ ...row, password_hint: 'le nom du chat' }),
      (columns) => [...columns, { name: 'password_hint', type: 'text' }],
    );
    rewrite(
      'outbox',
      ({ next_attempt_at: _added, ...row }) => row,
      (columns) => columns.filter((c) => c.name !== 'next_attempt_at'),
    );
    rewrite(
      'intervention_messages',
      ({ notice: _added, ...row }) => row,
      (columns) => columns.filter((c) => c.name !== 'notice'),
    );
    const renamed = new Map([...entries].map(([name, data]) => [rename(name), data]));
    manifest.tables = Object.fromEntries(
      Object.entries(manifest.tables).map(([name, table]) => [oldNames[name] ?? name, table]),
    );
    manifest.files = Object.fromEntries(Object.entries(manifest.files).map(([name, file]) => [rename(name), file]));
    const manifestBytes = Buffer.from(JSON.stringify(manifest));
    renamed.set(MANIFEST, manifestBytes);
    renamed.set(SIGNATURE, signManifest(key, manifestBytes));
    expect([...renamed.keys()]).toEqual(
      expect.arrayContaining(['donnees/manual_orders.jsonl', 'donnees/requests.jsonl']),
    );
    expect(createHash('sha256').update(renamed.get('donnees/manual_orders.jsonl')!).digest('hex')).toBe(
      manifest.files['donnees/manual_orders.jsonl']!.sha256,
    );
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

  it('leaves a column since dropped behind, and gives one added since its default: waiting e-mails are due at once', async () => {
    const clients = await target!.db.execute(sql`select email from clients`);
    expect(clients.rows).toHaveLength(1);
    const outbox = await target!.db.execute<{ status: string; due: boolean }>(
      sql`select status, next_attempt_at <= now() as due from outbox`,
    );
    expect(outbox.rows.length).toBeGreaterThan(0);
    expect(outbox.rows.every((row) => row.status === 'queued' && row.due)).toBe(true);
  });

  it('makes the screen-share lines of an archive from before notices notices again, and nothing else', async () => {
    const messages = await target!.db.execute<{ body: string; notice: boolean }>(
      sql`select body, notice from intervention_messages order by id`,
    );
    expect(messages.rows).toEqual([
      { body: 'Partage d’écran : 12 min avec Julien', notice: true },
      { body: 'Partage d’écran : 12 min avec Julien\nJe reviens vers vous.', notice: false },
    ]);
  });
});
