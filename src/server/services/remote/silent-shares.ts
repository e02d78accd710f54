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

/**
 * Ends the running shares not heard from for SHARE_SILENT_AFTER_MS, each as of its last sign of life (its start, for a
 * page that never spoke). `heardSince`: since when the server could hear the pages; a silence it could not hear (the
 * server restarted, the database away) is not held against them, and no share ends before that long has passed.
 */
export async function endSilentShares(db: Db, now: Date, failed: (error: unknown) => void, heardSince?: Date) {
  const limit = new Date(now.getTime() - SHARE_SILENT_AFTER_MS);
  if (heardSince && heardSince > limit) return 0;
  const lastSeen = sql`coalesce(${screenShares.lastSeenAt}, ${screenShares.startedAt})`.mapWith(screenShares.startedAt);
  const silent = await db
    .select({
      id: screenShares.id,
      clientId: screenShares.clientId,
      startedAt: screenShares.startedAt,
      endsAt: lastSeen,
    })
    .from(screenShares)
    .where(and(isNull(screenShares.endedAt), lt(lastSeen, limit)));
  await endEach(db, silent, 'page_closed', now, failed, { silentSince: limit });
  return silent.length;
}

type Deps = { db: Db; clock: () => Date; log: { warn(obj: object, message: string): void } };

/** Every minute, kept by pg-boss's cron: one pass per minute whatever the number of instances. */
export async function scheduleSilentShares(jobs: JobQueue): Promise<void> {
  await jobs.schedule(SILENT_SHARES_QUEUE, '* * * * *', { tz: 'Europe/Paris' });
}

/**
 * The pass, once a minute. This process hears the pages from its first pass, and again from the first pass after a
 * gap (the database was away, the passes ran elsewhere): until then their silence may be its own.
 */
export function silentSharesDefinition(deps: Deps): QueueDefinition<object> {
  let lastPass: Date | null = null;
  let heardSince = new Date(0);
  return {
    name: SILENT_SHARES_QUEUE,
    options: { policy: 'singleton', retryLimit: 1, retryDelay: 30 },
    handler: async () => {
      const now = deps.clock();
      if (!lastPass || now.getTime() - lastPass.getTime() > SHARE_SILENT_AFTER_MS) heardSince = now;
      lastPass = now;
      await endSilentShares(
        deps.db,
        now,
        (error) => deps.log.warn({ err: error }, 'silent screen share not ended'),
        heardSince,
      );
    },
  };
}
