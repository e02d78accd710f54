import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, staffUsers } from '#server/db/schema.ts';
import { createTestApp, TEST_ADMIN, type TestApp } from '#server/test/harness.ts';
import { someoneWaitsForALock } from '#server/test/lock-waits.ts';
import { newTechnician, staffLogin } from '#server/test/fixtures.ts';

// On PostgreSQL, where the test can hold the backup at a table while the call waits for it. « Télécharger le site »
// answers once the backup is written, which takes minutes on a real database: the archive, password hashes
// included, must not leave for an admin disabled meanwhile.
describe.skipIf(process.env.TEST_DB !== 'postgres')('[ADMIN][DOWNLOAD] the whole-site download, late', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('sends no archive to an admin disabled while it was being written', async () => {
    const admin = await staffLogin(t);
    const unlocked = await t.app.inject({
      method: 'POST',
      url: '/api/admin/unlock',
      headers: admin,
      payload: { code: TEST_ADMIN.secretCode },
    });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    const colleague = await newTechnician(t, { username: 'second.admin', password: 'motdepasse-second-admin-1' });
    await t.db.update(staffUsers).set({ role: 'admin' }).where(eq(staffUsers.id, colleague.id));
    const [me] = await t.db.select().from(staffUsers).where(eq(staffUsers.username, TEST_ADMIN.username));

    let download: Promise<{ statusCode: number; headers: Record<string, unknown> }> | undefined;
    await t.db.transaction(async (tx) => {
      // The backup reads every table: it waits here, the call past its checks and waiting for the archive.
      await tx.execute(sql`lock table orders in access exclusive mode`);
      download = t.app.inject({ method: 'POST', url: '/api/admin/download-site', headers: admin });
      await vi.waitFor(async () => expect(await someoneWaitsForALock(t.db)).toBe(true), {
        timeout: 30_000,
        interval: 20,
      });
      const disabled = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/team/${me!.id}`,
        headers: colleague.headers,
        payload: { disabled: true },
      });
      expect(disabled.statusCode, disabled.body).toBe(200);
    });

    const res = await download!;
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).not.toBe('application/zip');
    expect(await t.db.$count(auditLog, eq(auditLog.action, 'backup.download'))).toBe(0);
  });
});
