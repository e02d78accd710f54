import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../test/harness';
import { invoiceNumber, todayIso } from '../../../shared/format';
import { neutraliseFormulas, toCsv } from '../../services/backup';
import { postOrder, staffLogin } from './test-fixtures';

const run = promisify(execFile);

describe('[ADMIN][DOWNLOAD] complete backup archive', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await createTestApp();
    dir = await mkdtemp(path.join(tmpdir(), 'rfs-zip-'));
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('zips every table as JSON and CSV, every invoice PDF and a manifest, for an unlocked session', async () => {
    const staff = await staffLogin(t);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await postOrder(t, staff, { clientEmail: `z${i}@exemple.fr`, username: `zclient${i}`, password: 'motdepasse-zip' })).id);
    await t.app.inject({ method: 'POST', url: '/api/admin/unlock', headers: staff, payload: { code: TEST_ADMIN.secretCode } });
    // The original page posts a JSON content type with an empty body.
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/download-site', headers: { ...staff, 'content-type': 'application/json' } });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="sauvegarde-${todayIso()}.zip"`);
    const file = path.join(dir, 'backup.zip');
    await writeFile(file, res.rawPayload);

    const { stdout: listing } = await run('unzip', ['-Z1', file]);
    const names = listing.trim().split('\n').sort();
    const tables = ['audit_log', 'client_sessions', 'clients', 'interventions', 'manual_orders', 'requests', 'staff_sessions', 'staff_users'];
    expect(names).toEqual([
      ...tables.map((n) => `csv/${n}.csv`),
      ...tables.map((n) => `data/${n}.json`),
      ...ids.map((id) => `factures/facture-${invoiceNumber(id)}.pdf`),
      'manifest.json',
    ].sort());
    await run('unzip', ['-tq', file]); // every entry's CRC checks out

    const read = async (name: string) => (await run('unzip', ['-p', file, name], { encoding: 'latin1', maxBuffer: 1 << 24 })).stdout;
    const manifest = JSON.parse(await read('manifest.json'));
    expect(manifest).toMatchObject({ format: 1, invoices: 3, schemaVersion: expect.stringMatching(/^\d{4}_/), tables: { manual_orders: 3, clients: 3, staff_users: 1 } });
    const orders = JSON.parse(Buffer.from(await read('data/manual_orders.json'), 'latin1').toString('utf8'));
    expect(orders.map((o: { id: number }) => o.id)).toEqual(ids);
    expect(orders[0]).not.toHaveProperty('searchText');
    expect((await read('csv/manual_orders.csv')).split('\r\n')[0]).toContain('verificationKey');
    expect((await read(`factures/facture-${invoiceNumber(ids[0]!)}.pdf`)).startsWith('%PDF-')).toBe(true);

    const audit = await t.app.inject({ method: 'GET', url: '/api/admin/audit?entity=site', headers: staff });
    expect(audit.json()[0]).toMatchObject({ action: 'backup.download', staffUsername: 'staff' });
  });

  it('writes CSV that a spreadsheet opens safely', () => {
    expect(toCsv([{ a: 'simple', b: 'avec, virgule', c: '=HYPERLINK("x")', d: null, e: new Date('2025-01-02T03:04:05Z') }], ['a', 'b', 'c', 'd', 'e']))
      .toBe('a,b,c,d,e\r\nsimple,"avec, virgule","\'=HYPERLINK(""x"")",,2025-01-02T03:04:05.000Z\r\n');
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['+33 6 12 34 56 78', "'+33 6 12 34 56 78"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "'\r=1+1"],
    // After a separator inside the cell, for a spreadsheet that splits on ',' or (French Excel) on ';'.
    ['Dupont;=cmd|\' /C calc\'!A0', "Dupont;'=cmd|' /C calc'!A0"],
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
