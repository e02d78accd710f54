import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { manualOrders } from '../db/schema';
import { PLANS, type PlanId } from '../../shared/plans';
import type { SubscriptionDto } from '../../shared/admin-api';

/** The plan's duration in SQL, written from the catalogue so the durations exist once. */
const planMonths = sql`(case ${manualOrders.plan} ${sql.raw(PLANS.map((p) => `when '${p.id}' then ${p.durationMonths}`).join(' '))} end)`;

/** Last day covered: the order date plus the plan's months (Postgres clamps 31 January + 1 month to 28/29 February). */
export const subscriptionEnd = sql<string>`(${manualOrders.orderDate} + make_interval(months => ${planMonths}))::date::text`;

/** A paid order is a subscription, active from its date to its end date, both included. */
const activeOn = (today: string) =>
  sql`${manualOrders.orderDate} <= ${today}::date and (${manualOrders.orderDate} + make_interval(months => ${planMonths}))::date >= ${today}::date`;

export type SubscriptionFilter = { active?: boolean; clientId?: number; today: string; limit: number; offset: number };

export async function listSubscriptions(db: Tx, filter: SubscriptionFilter): Promise<{ items: SubscriptionDto[]; total: number }> {
  const conditions: SQL[] = [eq(manualOrders.paymentStatus, 'paid')];
  if (filter.clientId !== undefined) conditions.push(eq(manualOrders.clientId, filter.clientId));
  if (filter.active === true) conditions.push(activeOn(filter.today));
  if (filter.active === false) conditions.push(sql`not (${activeOn(filter.today)})`);
  const where = and(...conditions);
  const [rows, [count]] = await Promise.all([
    db.select({
      orderId: manualOrders.id,
      clientId: manualOrders.clientId,
      clientName: manualOrders.clientName,
      clientEmail: manualOrders.clientEmail,
      plan: manualOrders.plan,
      startDate: manualOrders.orderDate,
      endDate: subscriptionEnd,
      active: sql<boolean>`${activeOn(filter.today)}`,
    }).from(manualOrders).where(where)
      .orderBy(desc(manualOrders.orderDate), desc(manualOrders.id))
      .limit(filter.limit).offset(filter.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(manualOrders).where(where),
  ]);
  return { items: rows.map(toSubscriptionDto), total: count?.total ?? 0 };
}

function toSubscriptionDto(row: SubscriptionDto): SubscriptionDto {
  return {
    orderId: row.orderId, clientId: row.clientId, clientName: row.clientName, clientEmail: row.clientEmail,
    plan: row.plan, startDate: row.startDate, endDate: row.endDate, active: Boolean(row.active),
  };
}

/** The plan of the client's subscription running today (the most recent one if several overlap), or null. */
export async function currentPlanOf(db: Tx, clientId: number, today: string): Promise<PlanId | null> {
  const [row] = await db.select({ plan: manualOrders.plan }).from(manualOrders)
    .where(and(eq(manualOrders.clientId, clientId), eq(manualOrders.paymentStatus, 'paid'), activeOn(today)))
    .orderBy(desc(manualOrders.orderDate), desc(manualOrders.id))
    .limit(1);
  return row?.plan ?? null;
}
