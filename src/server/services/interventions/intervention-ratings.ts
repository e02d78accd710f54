// Clients' ratings of their completed requests, as both sides read them.
import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { interventionRatings, interventions } from '#server/db/schema.ts';
import type { InterventionRating, RatingStats } from '#shared/interventions/rating-api.ts';

type RatingRow = typeof interventionRatings.$inferSelect;

export function toRating(r: Pick<RatingRow, 'stars' | 'comment' | 'createdAt' | 'updatedAt'>): InterventionRating {
  return {
    stars: r.stars,
    comment: r.comment,
    ratedAt: r.createdAt.toISOString(),
    changedAt: r.updatedAt.getTime() === r.createdAt.getTime() ? null : r.updatedAt.toISOString(),
  };
}

/** The ratings of these requests, by request id (a list of requests reads them in one query). */
export async function ratingsFor(db: Tx, ids: number[]): Promise<Map<number, InterventionRating>> {
  if (!ids.length) return new Map();
  const rows = await db.select().from(interventionRatings).where(inArray(interventionRatings.interventionId, ids));
  return new Map(rows.map((r) => [r.interventionId, toRating(r)]));
}

type StatsRow = { month: string; count: number; average: number };

/** Per month (Paris) of the request, newest first: how many requests were rated and their average (two decimals). */
export async function ratingStats(db: Tx): Promise<RatingStats> {
  const result = await db.execute(sql`
    select to_char(i.created_at at time zone 'Europe/Paris', 'YYYY-MM') as month,
           count(*)::int as count, round(avg(r.stars), 2)::float8 as average
    from ${interventionRatings} r join ${interventions} i on i.id = r.intervention_id
    group by month
    order by month desc`);
  return (result.rows as StatsRow[]).map((r) => ({ month: r.month, count: r.count, average: Number(r.average) }));
}
