import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { outbox } from '#server/db/schema.ts';
import { OUTBOX_RETENTION_QUEUE, purgeOutbox } from './retention.ts';

const DAY = 86_400_000;

describe('[MAIL][RETENTION] the outbox keeps no secret once it is useless, and no message past 90 days', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('clears leftover secrets, keeps a failed message resendable for 7 days, deletes finished messages after 90 days', async () => {
    const now = new Date('2026-11-23T03:30:00Z');
    const ago = (days: number) => new Date(now.getTime() - days * DAY);
    const row = (
      key: string,
      status: 'queued' | 'sent' | 'failed' | 'cancelled',
      days: number,
      secret: string | null,
    ) => ({
      key,
      kind: 'credentials' as const,
      recipient: `${key}@exemple.fr`,
      subject: 'Vos identifiants',
      params: {},
      secret,
      status,
      createdAt: ago(days),
      updatedAt: ago(days),
    });
    await t.db.insert(outbox).values([
      row('sent-recent', 'sent', 2, 'v1.reste'),
      row('failed-recent', 'failed', 3, 'v1.garde'),
      row('failed-old', 'failed', 8, 'v1.perime'),
      row('sent-old', 'sent', 91, null),
      row('cancelled-old', 'cancelled', 120, null),
      row('failed-very-old', 'failed', 95, null),
      // Still on its way, however old: never touched.
      row('queued-old', 'queued', 100, 'v1.attente'),
    ]);
    expect(await purgeOutbox(t.db, now)).toEqual({ secretsCleared: 2, deleted: 3 });
    const left = await t.db.select({ key: outbox.key, secret: outbox.secret }).from(outbox).orderBy(asc(outbox.key));
    expect(left).toEqual([
      { key: 'failed-old', secret: null },
      { key: 'failed-recent', secret: 'v1.garde' },
      { key: 'queued-old', secret: 'v1.attente' },
      { key: 'sent-recent', secret: null },
    ]);
    // A second run finds nothing left to do.
    expect(await purgeOutbox(t.db, now)).toEqual({ secretsCleared: 0, deleted: 0 });
  });

  it('is a queue of the app, run by its workers', async () => {
    expect(await t.app.jobs.boss.getQueue(OUTBOX_RETENTION_QUEUE)).toMatchObject({
      name: OUTBOX_RETENTION_QUEUE,
      policy: 'singleton',
    });
  });
});
