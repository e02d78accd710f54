import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openTestDatabase, TEST_ADMIN, type TestApp } from '#server/test/harness.ts';
import type { Database, Tx } from '#server/db/client.ts';
import {
  interventionAttachments,
  interventionMessages,
  interventions,
  outbox,
  passwordResetTokens,
} from '#server/db/schema.ts';
import { clientLogin, postOrder, staffLogin } from '#server/test/fixtures.ts';
import { readZip } from '#server/test/zip-files.ts';
import { todayIso } from '#shared/format.ts';
import type { BackupStatusDto, CurrentBackupDto } from '#shared/backup/backup-api.ts';
import { nonEmptyTables, restoreBackup } from './restore.ts';
import { RestoreError } from './verify-archive.ts';
import { loadBackupKey } from './signature.ts';
import { backupTables, DERIVED_TABLES, EXCLUDED_COLUMNS, EXCLUDED_TABLES, ident, schemaTables } from './tables.ts';
import { getTableConfig } from 'drizzle-orm/pg-core';

/** bytes no other file of the archive holds: the attachment stored as a file of its own */
const ATTACHMENT = Buffer.concat([
  Buffer.from('%PDF-1.4\n'),
  Buffer.from('pièce jointe unique 7f3a9c'),
  Buffer.alloc(2048, 7),
]);

async function tableRows(db: Tx, table: string, key: string[], columns: string[]) {
  const result = await db.execute(
    sql.raw(
      `select row_to_json(p)::text as j from (select ${columns.map(ident).join(', ')} from ${ident(table)} order by ${key.map(ident).join(', ')}) p`,
    ),
  );
  return (result.rows as Array<{ j: string }>).map((r) => r.j);
}

/** Every backed-up table read whole (small test data), binary columns as hex, excluded columns left out. */
async function snapshot(db: Tx) {
  const out: Record<string, string[]> = {};
  for (const t of backupTables())
    out[t.name] = await tableRows(
      db,
      t.name,
      t.key,
      t.columns.map((c) => c.name),
    );
  return out;
}

/** What the tab does: start, poll until finished (then `between` runs), download. */
async function backupThroughTab(
  t: TestApp,
  staff: Record<string, string>,
  between: () => Promise<void>,
): Promise<Buffer> {
  const started = await t.app.inject({ method: 'POST', url: '/api/admin/backups', headers: staff });
  expect(started.statusCode, started.body).toBe(202);
  let status = started.json<BackupStatusDto>();
  while (status.state === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 20));
    status = (
      await t.app.inject({ method: 'GET', url: '/api/admin/backups/current', headers: staff })
    ).json<CurrentBackupDto>().backup!;
    expect(status.percent).toBeGreaterThanOrEqual(0);
  }
  expect(status, status.error ?? '').toMatchObject({
    state: 'done',
    percent: 100,
    fileName: `sauvegarde-rfs-${todayIso()}.zip`,
  });
  await between();
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/backups/${status.id}/download`, headers: staff });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-disposition']).toBe(`attachment; filename="sauvegarde-rfs-${todayIso()}.zip"`);
  return res.rawPayload;
}

// Each test opens a fresh embedded database (initdb and every migration in WebAssembly): seconds on a quiet machine,
// far more on a loaded one. A limit, not a wait.
describe('[ADMIN][BACKUP] backup then restore into a fresh database', { timeout: 180_000 }, () => {
  let t: TestApp;
  let dir: string;
  let file: string;
  let staff: Record<string, string>;
  let orderIds: number[];
  let before: Record<string, string[]>;
  const targets: Database[] = [];
  const freshTarget = async () => {
    const database = await openTestDatabase();
    targets.push(database);
    return database;
  };

  beforeAll(async () => {
    t = await createTestApp();
    dir = await mkdtemp(path.join(tmpdir(), 'rfs-backup-'));
    staff = await staffLogin(t);
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/unlock',
      headers: staff,
      payload: { code: TEST_ADMIN.secretCode },
    });
    orderIds = [];
    for (let i = 0; i < 3; i++) {
      const created = await postOrder(t, staff, {
        clientEmail: `sauve${i}@exemple.fr`,
        username: `sauve${i}`,
        password: `motdepasse-sauve-${i}`,
        // A name a spreadsheet would run as a formula: the CSV must neutralise it, the JSON keep it exact.
        clientName: i === 0 ? '=HYPERLINK("http://x";"y")' : `Élodie Bérénger ${i}`,
      });
      orderIds.push(created.id);
    }
    await postOrder(t, staff, { clientEmail: 'attente@exemple.fr', paymentStatus: 'pending' });
    const clientId =
      (await clientLogin(t, 'sauve1', 'motdepasse-sauve-1')) &&
      ((await t.db.execute(sql`select id from clients where username = 'sauve1'`)).rows[0]!.id as number);
    const [intervention] = await t.db
      .insert(interventions)
      .values({ clientId, title: 'Imprimante', description: 'Elle ne répond plus' })
      .returning();
    // More rows than two pages of the backup's reads (archive.ts reads 250 at a time): no row left out or written twice.
    await t.db
      .insert(interventions)
      .values(
        Array.from({ length: 600 }, (_, i) => ({ clientId, title: `Demande ${i + 1}`, description: 'Très lent' })),
      );
    const [message] = await t.db
      .insert(interventionMessages)
      .values({ interventionId: intervention!.id, author: 'client', body: 'Voici une capture' })
      .returning();
    await t.db.insert(interventionAttachments).values({
      messageId: message!.id,
      name: 'capture.pdf',
      mimeType: 'application/pdf',
      size: ATTACHMENT.length,
      data: ATTACHMENT,
    });
    await t.db.insert(outbox).values({
      key: 'test-secret',
      kind: 'credentials',
      recipient: 'sauve1@exemple.fr',
      subject: 'Vos identifiants',
      params: {},
      secret: 'v1.scelle',
      status: 'failed',
    });
    await t.db.insert(passwordResetTokens).values({
      tokenHash: 'x'.repeat(64),
      clientId,
      createdAt: new Date(),
      expiresAt: new Date(Date.now() + 3600_000),
    });

    // The invoice e-mails' jobs store each PDF once rendered (services/billing/invoices.ts): run them, as a server's workers would.
    await t.drain();
    // An invoice issued before PDFs were stored (its frozen data only): the backup stores its PDF first.
    await t.db.execute(
      sql`update invoices set pdf = null where id = (select min(id) from invoices where kind = 'invoice')`,
    );
    // The tables as the archive holds them: the download's own audit line comes after.
    const zip = await backupThroughTab(t, staff, async () => {
      before = await snapshot(t.db);
    });
    file = path.join(dir, 'sauvegarde.zip');
    await writeFile(file, zip);
  });
  afterAll(async () => {
    for (const database of targets) await database.close();
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('holds every table but the token tables as JSON Lines and CSV, the attachment as a file, and a manifest with counts and SHA-256', async () => {
    // Every entry read whole, its CRC-32 checked.
    const entries = await readZip(file);
    const names = [...entries.keys()];
    const tables = backupTables().map((x) => x.name);
    for (const name of tables)
      expect(names).toEqual(expect.arrayContaining([`donnees/${name}.jsonl`, `csv/${name}.csv`]));
    for (const excluded of EXCLUDED_TABLES) expect(names.some((n) => n.includes(excluded))).toBe(false);
    expect(names).toContain('manifest.json');
    expect(names.filter((n) => n.startsWith('fichiers/intervention_attachments/'))).toHaveLength(1);

    const read = async (name: string) => {
      const data = entries.get(name);
      expect(data, name).toBeDefined();
      return data!;
    };
    const manifest = JSON.parse((await read('manifest.json')).toString('utf8'));
    expect(manifest.schemaVersion).toMatch(/^\d{4}_/);
    expect(manifest.tables.orders.rows).toBe(4);
    expect(manifest.tables.clients.rows).toBe(3);
    expect(manifest.tables.outbox.columns.map((c: { name: string }) => c.name)).not.toContain('secret');
    expect(Object.keys(manifest.files).sort()).toEqual(
      names.filter((n) => n !== 'manifest.json' && n !== 'manifest.sig').sort(),
    );
    expect(manifest.files['donnees/clients.jsonl'].sha256).toMatch(/^[0-9a-f]{64}$/);
    // Password hashes are in (clients sign in after a restore); the sealed e-mail secret is not.
    expect((await read('donnees/clients.jsonl')).toString()).toContain('$argon2id$');
    expect((await read('donnees/outbox.jsonl')).toString()).not.toContain('v1.scelle');
    const attachment = names.find((n) => n.startsWith('fichiers/intervention_attachments/'))!;
    expect((await read(attachment)).equals(ATTACHMENT)).toBe(true);
    expect((await read('donnees/intervention_attachments.jsonl')).toString()).not.toContain(
      ATTACHMENT.toString('base64').slice(0, 40),
    );

    // Every invoice PDF as it is stored in the database, under the name staff read; the one missing was stored first.
    const stored = (
      await t.db.execute(
        sql`select number, encode(pdf, 'base64') as pdf from invoices where kind = 'invoice' and pdf is not null order by id`,
      )
    ).rows as Array<{ number: string; pdf: string }>;
    expect(stored).toHaveLength(orderIds.length);
    expect(manifest.invoicePdfs).toBe(stored.length);
    for (const { number, pdf } of stored)
      expect((await read(`factures/Facture_${number}.pdf`)).equals(Buffer.from(pdf, 'base64'))).toBe(true);

    const csv = (await read('csv/orders.csv')).toString('utf8');
    expect(csv.startsWith('\uFEFFid,')).toBe(true);
    expect(csv).toContain('"\'=HYPERLINK(""http://x"";""y"")"');
    expect(csv).toContain('Élodie Bérénger 1');
    expect((await read('donnees/orders.jsonl')).toString()).toContain(
      '"client_name":"=HYPERLINK(\\"http://x\\";\\"y\\")"',
    );
  });

  it('restores every table row by row into an empty database; clients sign in with their old passwords and invoices read the same', async () => {
    const target = await freshTarget();
    const counts = await restoreBackup(target, file, { key: await loadBackupKey(t.config) });
    expect(counts.orders).toBe(4);
    expect(await snapshot(target.db)).toEqual(before);
    expect(EXCLUDED_COLUMNS).toEqual({ outbox: ['secret'], staff_users: ['totp_pending_secret'] });
    const secrets = await target.db.execute(sql`select count(*)::int as n from outbox where secret is not null`);
    expect(secrets.rows[0]!.n).toBe(0);
    for (const excluded of EXCLUDED_TABLES) {
      const rows = await target.db.execute(sql.raw(`select count(*)::int as n from ${ident(excluded)}`));
      expect(rows.rows[0]!.n, excluded).toBe(0);
    }

    const restored = await createTestApp({}, { database: target });
    try {
      await clientLogin(restored, 'sauve2', 'motdepasse-sauve-2');
      const restoredStaff = await staffLogin(restored);
      for (const id of orderIds) {
        const original = await t.app.inject({
          method: 'GET',
          url: `/api/admin/manual-orders/${id}/receipt`,
          headers: staff,
        });
        const copy = await restored.app.inject({
          method: 'GET',
          url: `/api/admin/manual-orders/${id}/receipt`,
          headers: restoredStaff,
        });
        expect(copy.statusCode).toBe(200);
        expect(copy.rawPayload.equals(original.rawPayload), `invoice of order ${id}`).toBe(true);
      }
      // Counters continue after the restored ids: a new order gets the next one.
      const next = await postOrder(restored, restoredStaff, { clientEmail: 'apres@exemple.fr' });
      expect(next.id).toBeGreaterThan(Math.max(...orderIds));
    } finally {
      await restored.close();
    }
  });

  it('refuses an archive with one byte changed, and changes nothing', async () => {
    const damagedFile = path.join(dir, 'abimee.zip');
    const bytes = await readFile(file);
    const at = bytes.indexOf(Buffer.from('pièce jointe unique'));
    expect(at).toBeGreaterThan(0);
    bytes[at + 3] = bytes[at + 3]! ^ 0xff;
    await writeFile(damagedFile, bytes);
    const target = await freshTarget();
    await expect(restoreBackup(target, damagedFile, { key: await loadBackupKey(t.config) })).rejects.toThrow(
      /L’archive est endommagée \(empreinte SHA-256 différente pour fichiers\/intervention_attachments\/.*rien n’a été modifié/,
    );
    expect(await nonEmptyTables(target.db)).toEqual([]);
  });

  it('refuses a database that already holds data, and changes nothing', async () => {
    const target = await freshTarget();
    await copyFile(file, path.join(dir, 'copie.zip'));
    await restoreBackup(target, path.join(dir, 'copie.zip'), { key: await loadBackupKey(t.config) });
    const filled = await snapshot(target.db);
    const error = await restoreBackup(target, file, { key: await loadBackupKey(t.config) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RestoreError);
    expect((error as Error).message).toMatch(/^La base de données cible n’est pas vide .*Rien n’a été modifié\.$/);
    expect(await snapshot(target.db)).toEqual(filled);
  });

  it('backs up every table of the schema unless excluded, and excludes every token, session, throttle, rate limit or sign-in challenge table', () => {
    const all = schemaTables().map((x) => getTableConfig(x).name);
    const backedUp = new Set(backupTables().map((x) => x.name));
    for (const name of all) {
      if (/token|session|throttle|rate_limit|challenge/.test(name)) expect(EXCLUDED_TABLES.has(name), name).toBe(true);
      else if (!DERIVED_TABLES.has(name)) expect(backedUp.has(name), name).toBe(true);
    }
  });
});
