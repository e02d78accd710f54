import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, staffUsers } from '#server/db/schema.ts';
import { openTestDatabase } from '#server/test/harness.ts';
import type { Database } from '#server/db/client.ts';
import { writeAudit } from './audit.ts';

/** What the database answers, whichever driver (PGlite or pg) threw it. */
async function refusal(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    const e = error as { message?: string; cause?: { message?: string } };
    return `${e.message ?? ''} ${e.cause?.message ?? ''}`;
  }
  return 'accepted';
}

describe('[AUDIT] the audit log is append-only in the database', () => {
  let database: Database;
  let entryId: number;
  let staffId: number;

  beforeAll(async () => {
    database = await openTestDatabase();
    const [member] = await database.db
      .insert(staffUsers)
      .values({ username: 'partant', passwordHash: 'x' })
      .returning();
    staffId = member!.id;
    await writeAudit(
      database.db,
      { id: staffId, username: 'partant', address: '192.0.2.1' },
      {
        action: 'order.update',
        entity: 'order',
        entityId: 7,
        before: { notes: 'Rappeler M. Dupont' },
        after: { notes: '', status: 'paid' },
      },
    );
    const [row] = await database.db.select().from(auditLog).where(eq(auditLog.staffId, staffId));
    entryId = row!.id;
  });
  afterAll(async () => database.close());

  it('refuses UPDATE, DELETE and TRUNCATE through SQL', async () => {
    const { db } = database;
    expect(
      await refusal(() => db.execute(sql`update audit_log set action = 'order.view' where id = ${entryId}`)),
    ).toMatch(/append-only/);
    expect(await refusal(() => db.execute(sql`update audit_log set after = '{}' where id = ${entryId}`))).toMatch(
      /append-only/,
    );
    expect(await refusal(() => db.execute(sql`delete from audit_log where id = ${entryId}`))).toMatch(/append-only/);
    expect(await refusal(() => db.execute(sql`truncate audit_log`))).toMatch(/append-only/);
    const [row] = await db.select().from(auditLog).where(eq(auditLog.id, entryId));
    expect(row).toMatchObject({ action: 'order.update', before: { notes: 'Rappeler M. Dupont' } });
  });

  it('lets the erasure remove fields from before/after in its own transaction only, and nothing else', async () => {
    const { db } = database;
    // The setting is the erasure's, and alone it does not allow changing who, what or when.
    expect(
      await refusal(() =>
        db.transaction(async (tx) => {
          await tx.execute(sql`select set_config('rfs.audit_erasure', 'on', true)`);
          await tx.update(auditLog).set({ staffUsername: 'quelqu’un' }).where(eq(auditLog.id, entryId));
        }),
      ),
    ).toMatch(/append-only/);
    await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('rfs.audit_erasure', 'on', true)`);
      await tx
        .update(auditLog)
        .set({ before: sql`${auditLog.before} - 'notes'`, after: sql`${auditLog.after} - 'notes'` })
        .where(eq(auditLog.id, entryId));
    });
    const [row] = await db.select().from(auditLog).where(eq(auditLog.id, entryId));
    expect(row).toMatchObject({ before: {}, after: { status: 'paid' }, action: 'order.update' });
    // Transaction-local: the next statement is refused again.
    expect(await refusal(() => db.execute(sql`update audit_log set after = '{}' where id = ${entryId}`))).toMatch(
      /append-only/,
    );
  });

  it('lets the retention purge delete, in its own transaction, only entries older than six months', async () => {
    const { db } = database;
    const [old] = await db
      .insert(auditLog)
      .values({
        staffUsername: 'partant',
        action: 'order.view',
        entity: 'order',
        entityId: '8',
        createdAt: sql`now() - interval '7 months'`,
      })
      .returning({ id: auditLog.id });
    const purge = (id: number) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('rfs.audit_retention', 'on', true)`);
        await tx.delete(auditLog).where(eq(auditLog.id, id));
      });
    // A recent entry stays whatever the purge asks; without the declaration an old one stays too.
    expect(await refusal(() => purge(entryId))).toMatch(/append-only/);
    expect(await refusal(() => db.execute(sql`delete from audit_log where id = ${old!.id}`))).toMatch(/append-only/);
    await purge(old!.id);
    expect(await db.select().from(auditLog).where(eq(auditLog.id, old!.id))).toEqual([]);
  });

  it('lets a deleted staff account leave its entries with the name written in them', async () => {
    const { db } = database;
    expect(await refusal(() => db.execute(sql`update audit_log set staff_id = null where id = ${entryId}`))).toMatch(
      /append-only/,
    );
    await db.delete(staffUsers).where(eq(staffUsers.id, staffId));
    const [row] = await db.select().from(auditLog).where(eq(auditLog.id, entryId));
    expect(row).toMatchObject({ staffId: null, staffUsername: 'partant', action: 'order.update' });
  });
});
