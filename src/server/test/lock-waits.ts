import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';

/**
 * True once another connection to this database waits for a lock (PostgreSQL): what a test of lock order waits for
 * before it takes its second lock, instead of a duration.
 */
export async function someoneWaitsForALock(db: Db): Promise<boolean> {
  const { rows } = await db.execute<{ waiting: number }>(sql`
    select count(*)::int as waiting from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock'`);
  return rows[0]!.waiting > 0;
}
