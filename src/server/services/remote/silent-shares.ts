// A share whose sharing page went silent (a crash, a lost network, a computer put to sleep) ends by itself: staff no
// longer see it running with nobody behind it, and its minutes stop at the page's last sign of life.
import { and, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { screenShares } from '#server/db/schema.ts';
import type { JobQueue, QueueDefinition } from '#server/jobs/job-queue.ts';
import { SHARE_ALIVE_EVERY_MS } from '#shared/remote/screen-share-api.ts';
import { endEach } from './screen-shares.ts';

/** Six signs of life missed: a page throttled in the background still says it at least once a minute. */
const SHARE_SILENT_AFTER_MS = 6 * SHARE_ALIVE_EVERY_MS;

const SILENT_SHARES_QUEUE = 'screen-shares-silent';

/** Ends the running shares not heard from for SHARE_SILENT_AFTER_MS, each as of its last sign of life. */
export async function endSilentShares(db: Db, now: Date, failed: (error: unknown) => void) {
  const lastSeen = sql<Date>`coalesce(${screenShares.lastSeenAt}, ${screenShares.startedAt})`;
  const silent = await db
    .select({
      id: screenShares.id,
      clientId: screenShares.clientId,
      startedAt: screenShares.startedAt,
      joinedAt: screenShares.joinedAt,
      endsAt: screenShares.lastSeenAt,
    })
    .from(screenShares)
    .where(and(isNull(screenShares.endedAt), lt(lastSeen, new Date(now.getTime() - SHARE_SILENT_AFTER_MS))));
  await endEach(db, silent, 'page_closed', now, failed);
  return silent.length;
}

type Deps = { db: Db; clock: () => Date; log: { warn(obj: object, message: string): void } };

/** Every minute, kept by pg-boss's cron: one pass per minute whatever the number of instances. */
export async function scheduleSilentShares(jobs: JobQueue): Promise<void> {
  await jobs.schedule(SILENT_SHARES_QUEUE, '* * * * *', { tz: 'Europe/Paris' });
}

export function silentSharesDefinition(deps: Deps): QueueDefinition<object> {
  return {
    name: SILENT_SHARES_QUEUE,
    options: { policy: 'singleton', retryLimit: 1, retryDelay: 30 },
    handler: async () => {
      await endSilentShares(deps.db, deps.clock(), (error) =>
        deps.log.warn({ err: error }, 'silent screen share not ended'),
      );
    },
  };
}
