// The response clock on the server (docs/decisions/035): stopping it at the first response, and measuring it.
import { sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import type { interventions } from '#server/db/schema.ts';
import { getPlan, responsePromise, type PlanId } from '#shared/plans.ts';
import { businessMinutesBetween } from '#shared/calendar/support-clock.ts';
import type { ResponseTimeStats } from '#shared/interventions/intervention-api.ts';

type Clocked = Pick<typeof interventions.$inferSelect, 'plan' | 'urgency' | 'createdAt' | 'firstResponseAt'>;

/**
 * The columns that stop the clock of a request answered at `now`, or nothing when it was answered before. The time
 * taken is counted in the business minutes of the request's own promise, so a Friday-evening request answered on
 * Monday morning counts the minutes support was open, not the weekend.
 */
export function firstResponse(
  row: Clocked,
  now: Date,
): { firstResponseAt: Date; responseMinutes: number | null } | Record<string, never> {
  if (row.firstResponseAt) return {};
  const schedule = row.plan ? responsePromise(getPlan(row.plan), row.urgency).schedule : null;
  return {
    firstResponseAt: now,
    responseMinutes: schedule ? Math.round(businessMinutesBetween(row.createdAt, now, schedule)) : null,
  };
}

type Row = { plan: PlanId; month: string; measured: number; within: number; median: number | null };

/**
 * Per plan and per month (Paris) of the request: how many requests are measured (answered, or still waiting past
 * their due time), how many were answered by their due time, and the median first response in business minutes.
 * Staff cancelling a request answer it; a client withdrawing an unanswered one is measured only if they withdrew it
 * after its due time (a miss: they may have given up waiting), not before. Requests older than the clock are left out.
 */
export async function responseTimeStats(db: Tx, now = new Date()): Promise<ResponseTimeStats> {
  const result = await db.execute(sql`
    select plan, to_char(created_at at time zone 'Europe/Paris', 'YYYY-MM') as month,
           count(*)::int as measured,
           count(*) filter (where first_response_at <= due_at)::int as within,
           percentile_cont(0.5) within group (order by response_minutes)::float8 as median
    from interventions
    where due_at is not null and plan is not null
      and (first_response_at is not null or (due_at < ${now.toISOString()}::timestamptz and (status <> 'cancelled' or due_at < updated_at)))
    group by plan, month
    order by month desc, plan`);
  return (result.rows as Row[]).map((r) => ({
    plan: r.plan,
    month: r.month,
    measured: r.measured,
    withinPromise: r.within,
    medianMinutes: r.median === null ? null : Math.round(r.median),
  }));
}
