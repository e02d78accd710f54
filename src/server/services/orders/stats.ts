import { sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import type { DashboardStats, PlanStats } from '#shared/orders/stats-api.ts';
import { PLANS, type PlanId } from '#shared/plans.ts';

type Row = {
  by_plan: number;
  by_month: number;
  plan: PlanId | null;
  month: string | null;
  orders: number;
  paid: number;
  gifted: number;
  pending: number;
  revenue: number;
  credits: number;
  credits_1dp: number;
};

const cents = (n: number) => Math.round(n * 100) / 100;

/**
 * Every dashboard figure in one statement. Orders are first summed per plan and day (cheap keys, a few thousand
 * groups at most); GROUPING SETS then rolls those up into the totals, the per-plan and the per-month rows, so the
 * costly month formatting runs on the day groups, not on every order. Dates are inclusive. Revenue is what was
 * invoiced less the credit notes (avoirs) on it, counted on the order's date like the orders themselves: a paid order
 * counts its invoice, a cancelled one nothing, a partly refunded one the rest (docs/specification.md §4,
 * docs/decisions/032).
 */
export async function dashboardStats(db: Tx, range: { from?: string; to?: string }): Promise<DashboardStats> {
  const from = range.from ?? null;
  const to = range.to ?? null;
  const result = await db.execute(sql`
    with credited as (
      select order_id, sum(total_ttc) as amount from invoices where kind = 'credit_note' group by order_id
    ),
    daily as (
      select o.plan, o.order_date,
             count(*) as orders,
             count(*) filter (where o.payment_status = 'paid') as paid,
             count(*) filter (where o.payment_method = 'offert') as gifted, -- isGifted, shared/billing/payment-labels.ts
             count(*) filter (where o.payment_status = 'pending') as pending,
             coalesce(sum(i.total_ttc - coalesce(c.amount, 0)), 0) as revenue,
             sum(o.credit_cost) as credits
      from orders o
      left join invoices i on i.order_id = o.id and i.kind = 'invoice'
      left join credited c on c.order_id = o.id
      where (${from}::date is null or o.order_date >= ${from}::date)
        and (${to}::date is null or o.order_date <= ${to}::date)
      group by o.plan, o.order_date
    )
    select grouping(plan)::int as by_plan,
           grouping(to_char(order_date, 'YYYY-MM'))::int as by_month,
           plan, to_char(order_date, 'YYYY-MM') as month,
           coalesce(sum(orders), 0)::int as orders,
           coalesce(sum(paid), 0)::int as paid,
           coalesce(sum(gifted), 0)::int as gifted,
           coalesce(sum(pending), 0)::int as pending,
           coalesce(sum(revenue), 0)::float8 as revenue,
           coalesce(sum(credits), 0)::float8 as credits,
           -- rounded in exact decimal arithmetic: 6.85 must become 6.9, which binary floating point cannot promise
           round(coalesce(sum(credits), 0), 1)::float8 as credits_1dp
    from daily
    group by grouping sets ((), (plan), (to_char(order_date, 'YYYY-MM')))
    order by month`);
  const rows = result.rows as Row[];

  const total = rows.find((r) => r.by_plan === 1 && r.by_month === 1);
  const planRows = new Map(rows.filter((r) => r.by_plan === 0).map((r) => [r.plan, r]));
  const byPlan: PlanStats[] = PLANS.map(({ id }) => {
    const r = planRows.get(id);
    return {
      plan: id,
      orders: r?.orders ?? 0,
      paid: r?.paid ?? 0,
      gifted: r?.gifted ?? 0,
      revenue: cents(Number(r?.revenue ?? 0)),
      creditCost: cents(Number(r?.credits ?? 0)),
    };
  });
  const byMonth = rows
    .filter((r) => r.by_month === 0 && r.month)
    .map((r) => ({ month: r.month!, revenue: cents(Number(r.revenue)), orders: r.orders }));

  const orders = total?.orders ?? 0;
  return {
    revenue: Math.round(Number(total?.revenue ?? 0)),
    giftedCount: total?.gifted ?? 0,
    totalCreditCost: Number(total?.credits_1dp ?? 0),
    totalOrders: orders,
    pendingPayments: total?.pending ?? 0,
    conversionRate: orders ? Math.round((100 * (total?.paid ?? 0)) / orders) : 0,
    byPlan,
    byMonth,
  };
}
