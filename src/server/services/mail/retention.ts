import { and, inArray, isNotNull, lt, or } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { outbox } from '#server/db/schema.ts';
import type { JobQueue, QueueDefinition } from '#server/jobs/job-queue.ts';
import { RETENTION, retentionLimit } from '#shared/privacy/retention-periods.ts';

export const OUTBOX_RETENTION_QUEUE = 'outbox-retention';
/** every night at 3:30, Paris time */
const OUTBOX_RETENTION_CRON = '30 3 * * *';
// A message that reached its end (sent, cancelled, given up) is kept for « Courriels » its period (outboxMessages),
// then deleted. A failed message keeps its sealed secret (a new client's password, a reset link) its own period
// (outboxSecrets) so that « Renvoyer » can still send it; afterwards staff regenerate the credentials instead. A sent
// or cancelled message loses its secret at once (delivery.ts, outbox.ts): the purge clears any left over, whatever
// its age.

/** One pass of the retention rules; returns what it did. Safe to run twice (the same rows are gone or already cleared). */
export async function purgeOutbox(db: Db, now: Date): Promise<{ secretsCleared: number; deleted: number }> {
  const cleared = await db
    .update(outbox)
    .set({ secret: null, updatedAt: now })
    .where(
      and(
        isNotNull(outbox.secret),
        or(
          inArray(outbox.status, ['sent', 'cancelled']),
          and(inArray(outbox.status, ['failed']), lt(outbox.updatedAt, retentionLimit(RETENTION.outboxSecrets, now))),
        ),
      ),
    )
    .returning({ id: outbox.id });
  // Messages still on their way (queued, sending) are never deleted, however old.
  const deleted = await db
    .delete(outbox)
    .where(
      and(
        inArray(outbox.status, ['sent', 'cancelled', 'failed']),
        lt(outbox.createdAt, retentionLimit(RETENTION.outboxMessages, now)),
      ),
    )
    .returning({ id: outbox.id });
  return { secretsCleared: cleared.length, deleted: deleted.length };
}

export function outboxRetentionDefinition(deps: { db: Db; clock: () => Date }): QueueDefinition<object> {
  return {
    name: OUTBOX_RETENTION_QUEUE,
    options: { policy: 'singleton', retryLimit: 3, retryDelay: 600 },
    handler: async () => {
      await purgeOutbox(deps.db, deps.clock());
    },
  };
}

export async function scheduleOutboxRetention(jobs: JobQueue): Promise<void> {
  await jobs.schedule(OUTBOX_RETENTION_QUEUE, OUTBOX_RETENTION_CRON, { tz: 'Europe/Paris', missed: 'once' });
}
