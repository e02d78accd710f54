import { lt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { rateLimits } from '#server/db/schema.ts';

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;

/** About one request in this many also sweeps the windows that ended a while ago, so the table stays small. */
const SWEEP_ONE_IN = 500;

/**
 * The store of @fastify/rate-limit, kept in the database: every instance counts the same hits for a key, so a limit
 * of 5 registrations a minute is 5 whichever instance answers. One atomic upsert per request: a window that has ended
 * starts again at 1, else the count goes up; the database's clock decides, the same for all instances. Fixed windows,
 * as the plugin's own memory store.
 */
export function databaseRateLimitStore(db: Db) {
  // Limiters made with app.rateLimit() have no route: numbered in the order the code creates them, the same order
  // in every instance.
  let unnamed = 0;
  return class DatabaseRateLimitStore {
    /**
     * One table for every limit: each key is prefixed with its route (or limiter), as the memory store keeps one map
     * per route. The plugin builds the first store with its options, of no use here.
     */
    constructor(
      _options?: unknown,
      private readonly namespace = '',
    ) {}

    incr(name: string, callback: Callback, timeWindow: number): void {
      const key = this.namespace + name;
      const window = sql`(${timeWindow} * interval '1 millisecond')`;
      db.execute(
        sql`
        insert into ${rateLimits} (key, hits, reset_at) values (${key}, 1, now() + ${window})
        on conflict (key) do update set
          hits = case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.hits} + 1 end,
          reset_at = case when ${rateLimits.resetAt} <= now() then now() + ${window} else ${rateLimits.resetAt} end
        returning hits, greatest(0, extract(epoch from (reset_at - now())) * 1000)::float8 as ttl`,
      ).then(
        (result) => {
          const row = result.rows[0] as { hits: number; ttl: number };
          callback(null, { current: Number(row.hits), ttl: Math.round(Number(row.ttl)) });
          if (Math.random() * SWEEP_ONE_IN < 1) void sweep(db);
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    read(name: string, callback: Callback): void {
      const key = this.namespace + name;
      db.execute(
        sql`
        select hits, greatest(0, extract(epoch from (reset_at - now())) * 1000)::float8 as ttl
        from ${rateLimits} where key = ${key} and reset_at > now()`,
      ).then(
        (result) => {
          const row = result.rows[0] as { hits: number; ttl: number } | undefined;
          callback(
            null,
            row ? { current: Number(row.hits), ttl: Math.round(Number(row.ttl)) } : { current: 0, ttl: 0 },
          );
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    /** The plugin passes the route's merged limit options, with the route itself under routeInfo. */
    child(params: object): DatabaseRateLimitStore {
      const route = (params as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      return new DatabaseRateLimitStore(
        undefined,
        route?.url ? `${String(route.method)} ${route.url}|` : `limiter ${++unnamed}|`,
      );
    }
  };
}

async function sweep(db: Db) {
  await db
    .delete(rateLimits)
    .where(lt(rateLimits.resetAt, sql`now() - interval '1 hour'`))
    .catch(() => undefined);
}
