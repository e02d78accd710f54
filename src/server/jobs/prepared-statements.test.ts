import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { outbox } from '#server/db/schema.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';

/** A queue of the test's own, without a worker: its jobs stay where the statement wrote them. */
const QUEUE = 'prepared-test';

// PGlite queues a job through a prepared statement (prepared-statements.ts): the job must be the one pg-boss would have
// written, exist only if the transaction commits, and survive a first use inside a transaction that rolls back.
describe.skipIf(process.env.TEST_DB === 'postgres')('[JOBS] the job insert prepared once on PGlite', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.jobs.define({ name: QUEUE, options: {}, handler: async () => {} });
  });
  afterAll(async () => {
    await t?.close();
  });

  const preparedCount = async () =>
    Number(
      (
        await t.db.execute<{ n: number }>(
          sql`select count(*)::int as n from pg_prepared_statements where name like 'rfs_stmt_%'`,
        )
      ).rows[0]!.n,
    );
  const jobData = async () =>
    (await t.app.jobs.boss.findJobs<{ outboxId: number; note?: string }>(QUEUE)).map((job) => job.data);

  it('prepares at a first use that rolls back, and a later transaction still queues its job', async () => {
    const before = await jobData();
    await expect(
      t.db.transaction(async (tx) => {
        await t.app.jobs.send(tx, QUEUE, { outboxId: -1 });
        throw new Error('annulé');
      }),
    ).rejects.toThrow('annulé');
    expect(await jobData()).toEqual(before);
    expect(await preparedCount()).toBe(1);

    await t.db.transaction((tx) => t.app.jobs.send(tx, QUEUE, { outboxId: -2 }));
    await t.db.transaction((tx) => t.app.jobs.send(tx, QUEUE, { outboxId: -3 }));
    expect(
      (await jobData())
        .filter((data) => data.outboxId < 0)
        .map((data) => data.outboxId)
        .sort((a, b) => a - b),
    ).toEqual([-3, -2]);
    expect(await preparedCount()).toBe(1);
  });

  it('keeps data with quotes, dollar signs and the quoting tag itself exactly as sent', async () => {
    const notes = [`l'abonnement « Pro » de M. O'Brien`, 'coût $1 $$ fin', 'contient $rfs_job$ au milieu'];
    for (const [i, note] of notes.entries()) {
      await t.db.transaction((tx) => t.app.jobs.send(tx, QUEUE, { outboxId: -10 - i, note }));
    }
    const stored = (await jobData()).filter((data) => data.outboxId <= -10).sort((a, b) => b.outboxId - a.outboxId);
    expect(stored.map((data) => data.note)).toEqual(notes);
  });
});

// An e-mail's outbox row, prepared once (services/mail/outbox.ts): a row already there (the key's ON CONFLICT) is
// not written twice, and the values arrive as written.
describe('[JOBS] an e-mail’s row inserted through its prepared statement', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('writes the row once, and keeps quotes, backslashes and dollars exactly', async () => {
    const name = String.raw`O'Brien \n « $1 » $$ $rfs_job$ \\ fin`;
    const queue = () =>
      t.db.transaction((tx) =>
        t.app.mail.queue(tx, {
          key: `together:${name}`,
          kind: 'erasure_done',
          to: 'ensemble@exemple.fr',
          params: { name },
        }),
      );
    expect(await queue()).toBe(true);
    expect(await queue()).toBe(false);
    const rows = await t.db.select().from(outbox).where(eq(outbox.recipient, 'ensemble@exemple.fr'));
    expect(rows.map((row) => [row.key, row.params, row.status])).toEqual([[`together:${name}`, { name }, 'queued']]);
  });
});
