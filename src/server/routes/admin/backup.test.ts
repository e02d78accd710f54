import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN, type TestApp } from '#server/test/harness.ts';
import { todayIso } from '#shared/format.ts';
import { staffUsers } from '#server/db/schema.ts';
import { neutraliseFormulas, toCsv } from '#server/services/backup/csv.ts';
import { hashPassword } from '#server/services/security/passwords.ts';
import { ROLE_FORBIDDEN } from './roles.ts';
import { postOrder, staffLogin } from '#server/test/fixtures.ts';
import { readZip } from '#server/test/zip-files.ts';

const TECHNICIAN = { username: 'tech', password: 'motdepasse-technicien' };

describe('[ADMIN][DOWNLOAD] backup routes and CSV', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await createTestApp();
    dir = await mkdtemp(path.join(tmpdir(), 'rfs-zip-'));
    await t.db.insert(staffUsers).values({
      username: TECHNICIAN.username,
      role: 'technicien',
      passwordHash: await hashPassword(TECHNICIAN.password),
    });
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses a technician every backup route, and an admin until the tab is unlocked', async () => {
    const tech = await staffLogin(t, TECHNICIAN);
    const admin = await staffLogin(t);
    const calls = [
      { method: 'POST', url: '/api/admin/backups' },
      { method: 'GET', url: '/api/admin/backups/current' },
      { method: 'GET', url: '/api/admin/backups/1/download' },
      { method: 'POST', url: '/api/admin/download-site' },
    ] as const;
    for (const call of calls) {
      const asTech = await t.app.inject({ ...call, headers: tech });
      expect(asTech.statusCode, call.url).toBe(403);
      expect(asTech.json().message).toBe(ROLE_FORBIDDEN);
      const locked = await t.app.inject({ ...call, headers: admin });
      expect(locked.statusCode, call.url).toBe(403);
      expect(locked.json().message).toBe('Déverrouillez d’abord l’onglet Téléchargement avec le code secret.');
    }
    // A technician who somehow holds an unlocked session is still refused: the role comes first.
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/unlock',
      headers: tech,
      payload: { code: TEST_ADMIN.secretCode },
    });
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/backups', headers: tech })).statusCode).toBe(403);
  });

  it('runs one backup at a time; the original call waits for it and answers the zip; every start and download is audited', async () => {
    const staff = await staffLogin(t);
    await postOrder(t, staff, {
      clientEmail: 'zip@exemple.fr',
      username: 'zipclient',
      password: 'secret-archive-9871',
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/unlock',
      headers: staff,
      payload: { code: TEST_ADMIN.secretCode },
    });
    // Two clicks at once: a backup takes dozens of reads, the second click's check two.
    const [first, second] = (
      await Promise.all([1, 2].map(() => t.app.inject({ method: 'POST', url: '/api/admin/backups', headers: staff })))
    ).sort((a, b) => a.statusCode - b.statusCode);
    expect(first!.statusCode).toBe(202);
    expect(second!.statusCode).toBe(409);
    expect(second!.json().message).toBe(
      'Une sauvegarde est déjà en cours : attendez qu’elle se termine pour la télécharger.',
    );

    // The original page posts a JSON content type with an empty body; it gets the running backup's zip.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/download-site',
      headers: { ...staff, 'content-type': 'application/json' },
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="sauvegarde-rfs-${todayIso()}.zip"`);
    const file = path.join(dir, 'backup.zip');
    await writeFile(file, res.rawPayload);
    const entries = await readZip(file); // every entry's CRC-32 checks out
    expect(JSON.parse(entries.get('manifest.json')!.toString('utf8')).tables.orders.rows).toBe(1);

    const current = (await t.app.inject({ method: 'GET', url: '/api/admin/backups/current', headers: staff })).json()
      .backup;
    expect(current).toMatchObject({ state: 'done', percent: 100, startedBy: 'staff' });
    const audit = await t.app.inject({ method: 'GET', url: '/api/admin/audit?entity=site', headers: staff });
    expect(audit.json()[0]).toMatchObject({
      action: 'backup.download',
      entityId: String(current.id),
      staffUsername: 'staff',
    });
    expect(audit.json().map((e: { action: string }) => e.action)).toContain('backup.start');
    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/admin/backups/${current.id + 1}/download`,
      headers: staff,
    });
    expect(gone.statusCode).toBe(404);
  });

  it('writes CSV that a spreadsheet opens safely', () => {
    expect(
      toCsv(
        [{ a: 'simple', b: 'avec, virgule', c: '=HYPERLINK("x")', d: null, e: new Date('2025-01-02T03:04:05Z') }],
        ['a', 'b', 'c', 'd', 'e'],
      ),
    ).toBe('a,b,c,d,e\r\nsimple,"avec, virgule","\'=HYPERLINK(""x"")",,2025-01-02T03:04:05.000Z\r\n');
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['+33 6 12 34 56 78', "'+33 6 12 34 56 78"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "'\r=1+1"],
    // After a separator inside the cell, for a spreadsheet that splits on ',' or (French Excel) on ';'.
    ["Dupont;=cmd|' /C calc'!A0", "Dupont;'=cmd|' /C calc'!A0"],
    ['Dupont,@SUM(1)', "Dupont,'@SUM(1)"],
    ['a; +1;  -1,\t=1', "a; '+1;  '-1,'\t=1"],
    ['=a;=b,=c', "'=a;'=b,'=c"],
    ['Jean-Marc; 12 rue de la Paix, Paris', 'Jean-Marc; 12 rue de la Paix, Paris'],
  ])('neutralises a formula anywhere a cell may start: %j', (text, safe) => {
    expect(neutraliseFormulas(text)).toBe(safe);
    // In the file: quoted when it holds a separator, so a comma-splitting reader keeps it in one cell.
    const line = toCsv([{ v: text }], ['v']).split('\r\n')[1]!;
    expect(line.replace(/^"|"$/g, '').replace(/""/g, '"')).toBe(safe);
  });
});
