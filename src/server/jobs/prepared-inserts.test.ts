import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/harness';
import { MAIL_QUEUE } from '../services/mail/outbox';

// PGlite queues a job through a prepared statement (prepared-inserts.ts): the job must be the one pg-boss would have
// written, exist only if the transaction commits, and survive a first use inside a transaction that rolls back.
describe.skipIf(process.env.TEST_DB === 'postgres')('[JOBS] the job insert prepared once on PGlite', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const preparedCount = async () => Number((await t.db.execute<{ n: number }>(sql`select count(*)::int as n from pg_prepared_statements where name like 'rfs_job_insert_%'`)).rows[0]!.n);
  const jobData = async () => (await t.app.jobs.boss.findJobs<{ outboxId: number; note?: string }>(MAIL_QUEUE)).map((job) => job.data);

  it('prepares at a first use that rolls back, and a later transaction still queues its job', async () => {
    const before = await jobData();
    await expect(t.db.transaction(async (tx) => {
      await t.app.jobs.send(tx, MAIL_QUEUE, { outboxId: -1 });
      throw new Error('annulé');
    })).rejects.toThrow('annulé');
    expect(await jobData()).toEqual(before);
    expect(await preparedCount()).toBe(1);

    await t.db.transaction((tx) => t.app.jobs.send(tx, MAIL_QUEUE, { outboxId: -2 }));
    await t.db.transaction((tx) => t.app.jobs.send(tx, MAIL_QUEUE, { outboxId: -3 }));
    expect((await jobData()).filter((data) => data.outboxId < 0).map((data) => data.outboxId).sort((a, b) => a - b)).toEqual([-3, -2]);
    expect(await preparedCount()).toBe(1);
  });

  it('keeps data with quotes, dollar signs and the quoting tag itself exactly as sent', async () => {
    const notes = [`l'abonnement « Pro » de M. O'Brien`, 'coût $1 $$ fin', 'contient $rfs_job$ au milieu'];
    for (const [i, note] of notes.entries()) {
      await t.db.transaction((tx) => t.app.jobs.send(tx, MAIL_QUEUE, { outboxId: -10 - i, note }));
    }
    const stored = (await jobData()).filter((data) => data.outboxId <= -10).sort((a, b) => b.outboxId - a.outboxId);
    expect(stored.map((data) => data.note)).toEqual(notes);
  });
});
