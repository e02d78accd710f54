// Subscriptions (docs/decisions/006): a paid order buys its plan's months, chained after the client's previous
// paid orders so no day is lost. The periods are computed here, by chainSubscriptions, over one client's paid
// orders and stored on the orders (starts_on, ends_on): every screen reads them, so all agree and lists stay cheap.
import { and, desc, eq, inArray, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { clients, interventions, orders } from '#server/db/schema.ts';
import { getPlan, type PlanId } from '#shared/plans.ts';
import { todayIso } from '#shared/format.ts';
import type { SubscriptionDto } from '#shared/subscriptions/subscription-api.ts';
import { RENEWAL_REMINDER_DAYS, type SubscriptionState } from '#shared/subscriptions/subscription-labels.ts';
import type { CurrentSubscription } from '#shared/subscriptions/subscription-api.ts';
import { addDays, daysBetween, parisMonthStart, periodEndsOn } from '#server/services/calendar/paris-calendar.ts';

export type PaidOrder = { id: number; plan: PlanId; orderDate: string };
export type Period = { id: number; startsOn: string; endsOn: string };

/**
 * The one rule. Paid orders are taken by order date, then id; each starts on its order date, or the day after the
 * previous one ends if that one is still running (a renewal ordered early adds its months after, none are lost),
 * and ends the day before the same date N months later (see periodEndsOn for the 31st).
 */
export function chainSubscriptions(orders: readonly PaidOrder[]): Period[] {
  const sorted = [...orders].sort((a, b) => a.orderDate.localeCompare(b.orderDate) || a.id - b.id);
  let previousEnd: string | null = null;
  return sorted.map((order) => {
    const startsOn: string =
      previousEnd !== null && previousEnd >= order.orderDate ? addDays(previousEnd, 1) : order.orderDate;
    const endsOn = periodEndsOn(startsOn, getPlan(order.plan).durationMonths);
    previousEnd = endsOn;
    return { id: order.id, startsOn, endsOn };
  });
}

/** Whose orders chain together: the client account, or, for orders without one, the e-mail (case-insensitive). */
export type SubscriptionOwner = { clientId: number } | { clientId: null; email: string };

function ownedBy(owner: SubscriptionOwner): SQL | undefined {
  return owner.clientId !== null
    ? eq(orders.clientId, owner.clientId)
    : and(isNull(orders.clientId), eq(orders.emailKey, sql`lower(${owner.email})`));
}

const CHAIN_LOCK = 8_000_002;
/** « Expire bientôt » from the first renewal reminder on. */
const RENEWAL_NOTICE_DAYS = Math.max(...RENEWAL_REMINDER_DAYS);

/**
 * Rewrites the periods of one owner's orders from their paid ones; call it in the transaction that changed an
 * order's payment status, date, plan or owner. A lock per owner makes two such transactions take turns, so the
 * second one chains after what the first one wrote.
 */
export async function recomputeSubscriptions(tx: Tx, owner: SubscriptionOwner): Promise<void> {
  const key = owner.clientId !== null ? `client:${owner.clientId}` : `email:${owner.email.toLowerCase()}`;
  await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(CHAIN_LOCK))}, hashtext(${key}))`);
  const rows = await tx
    .select({
      id: orders.id,
      plan: orders.plan,
      orderDate: orders.orderDate,
      paymentStatus: orders.paymentStatus,
      startsOn: orders.startsOn,
      endsOn: orders.endsOn,
    })
    .from(orders)
    .where(ownedBy(owner));
  const periods = new Map(chainSubscriptions(rows.filter((r) => r.paymentStatus === 'paid')).map((p) => [p.id, p]));
  for (const row of rows) {
    const period = periods.get(row.id);
    const startsOn = period?.startsOn ?? null;
    const endsOn = period?.endsOn ?? null;
    if (row.startsOn !== startsOn || row.endsOn !== endsOn) {
      await tx.update(orders).set({ startsOn, endsOn }).where(eq(orders.id, row.id));
    }
  }
}

/**
 * A new account takes over the orders its e-mail placed before it existed (a registration validated after a first
 * order), in the caller's transaction, and their subscriptions chain with the account's.
 */
export async function attachEarlierOrders(tx: Tx, clientId: number, email: string): Promise<number> {
  const attached = await tx
    .update(orders)
    .set({ clientId })
    .where(and(isNull(orders.clientId), eq(orders.emailKey, sql`lower(${email})`)))
    .returning({ id: orders.id });
  await recomputeSubscriptions(tx, { clientId });
  return attached.length;
}

// ---- reading ----------------------------------------------------------------------------------------------------

const runningOn = (today: string | SQL) =>
  sql`(${orders.startsOn} <= ${today}::date and ${orders.endsOn} >= ${today}::date)`;

/** A later paid period of the same owner (see ownedBy), for the order row of the enclosing query. */
const renewedAfter = sql`exists (select 1 from ${orders} n where n.payment_status = 'paid'
  and n.starts_on > "orders"."ends_on"
  and case when "orders"."client_id" is null then n.client_id is null and n.email_key = "orders"."email_key"
    else n.client_id = "orders"."client_id" end)`;

/** The back-office's reading of a paid order's period on a day (SUBSCRIPTION_STATES): « expire bientôt » is the reminders' window. */
const stateOn = (today: string) => sql<SubscriptionState>`case
  when ${orders.startsOn} > ${today}::date then 'upcoming'
  when ${orders.endsOn} < ${today}::date then case when ${renewedAfter} then 'renewed' else 'expired' end
  when ${orders.endsOn} <= ${today}::date + ${RENEWAL_NOTICE_DAYS}::int and not ${renewedAfter} then 'expiring'
  else 'active' end`;

export type SubscriptionFilter = {
  active?: boolean;
  state?: SubscriptionState;
  clientId?: number;
  today: string;
  limit: number;
  offset: number;
};

/** The back-office list: one row per paid order with its chained period and state, newest order first. */
export async function listSubscriptions(
  db: Tx,
  filter: SubscriptionFilter,
): Promise<{ items: SubscriptionDto[]; total: number }> {
  const conditions: SQL[] = [eq(orders.paymentStatus, 'paid')];
  if (filter.clientId !== undefined) conditions.push(eq(orders.clientId, filter.clientId));
  if (filter.active === true) conditions.push(runningOn(filter.today));
  if (filter.active === false) conditions.push(sql`not ${runningOn(filter.today)}`);
  if (filter.state) conditions.push(sql`${stateOn(filter.today)} = ${filter.state}`);
  const where = and(...conditions);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        orderId: orders.id,
        clientId: orders.clientId,
        clientName: orders.clientName,
        clientEmail: orders.clientEmail,
        plan: orders.plan,
        startDate: sql<string>`${orders.startsOn}`,
        endDate: sql<string>`${orders.endsOn}`,
        active: sql<boolean>`${runningOn(filter.today)}`,
        state: stateOn(filter.today),
      })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.orderDate), desc(orders.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(orders)
      .where(where),
  ]);
  return { items: rows.map((row) => ({ ...row, active: Boolean(row.active) })), total: count?.total ?? 0 };
}

/** A client id (a value, a placeholder or an outer column), a day and an instant, as the subscription columns read them. */
export type SubscriptionArgs = {
  clientId: number | SQLWrapper;
  today: string | SQLWrapper;
  monthStart: string | SQLWrapper;
};
type PeriodJson = { plan: PlanId; startsOn: string; endsOn: string };

/**
 * What the dashboard's card needs, as three columns any statement can carry: the subscription running today, the
 * one booked after it, and this month's requests. The session lookup carries them too (client-identity.ts), so
 * GET /api/subscriptions/current costs one query.
 */
export function subscriptionColumns({ clientId, today, monthStart }: SubscriptionArgs) {
  return {
    running: sql<PeriodJson | null>`(select json_build_object('plan', o.plan, 'startsOn', o.starts_on, 'endsOn', o.ends_on)
      from ${orders} o where o.client_id = ${clientId} and o.payment_status = 'paid'
        and o.starts_on <= ${today}::date and o.ends_on >= ${today}::date order by o.starts_on desc limit 1)`,
    next: sql<PeriodJson | null>`(select json_build_object('plan', n.plan, 'startsOn', n.starts_on, 'endsOn', n.ends_on)
      from ${orders} n where n.client_id = ${clientId} and n.payment_status = 'paid'
        and n.starts_on > ${today}::date order by n.starts_on limit 1)`,
    // A request staff cancelled (a duplicate, a mistake) gives its place back.
    used: sql<number>`(select count(*)::int from ${interventions} i where i.client_id = ${clientId}
      and i.created_at >= ${monthStart}::timestamptz and i.status <> 'cancelled')`,
  };
}

export type SubscriptionRow = { running: PeriodJson | null; next: PeriodJson | null; used: number };

let lastMoment: { hour: number; today: string; monthStart: string } | undefined;

/**
 * The arguments of subscriptionColumns for a moment: Paris's day and the instant its month began. Paris is a whole
 * number of hours from UTC, so both hold for a whole UTC hour: computed once an hour, not on every dashboard read.
 */
export function subscriptionMoment(now = new Date()): { today: string; monthStart: string } {
  const hour = Math.floor(now.getTime() / 3_600_000);
  if (lastMoment?.hour !== hour)
    lastMoment = { hour, today: todayIso(now), monthStart: parisMonthStart(now).toISOString() };
  return { today: lastMoment.today, monthStart: lastMoment.monthStart };
}

export function toCurrentSubscription(row: SubscriptionRow, today: string): CurrentSubscription | null {
  if (!row.running) return null;
  const plan = getPlan(row.running.plan);
  const next = row.next ? getPlan(row.next.plan) : null;
  return {
    plan: plan.name,
    planId: plan.id,
    price: plan.price,
    durationMonths: plan.durationMonths,
    startsOn: row.running.startsOn,
    endsOn: row.running.endsOn,
    daysLeft: daysBetween(today, row.running.endsOn) + 1,
    interventionsUsed: Number(row.used),
    interventionsPerMonth: plan.interventionsPerMonth,
    maxDevices: plan.maxDevices,
    next:
      row.next && next
        ? { planId: next.id, plan: next.name, startsOn: row.next.startsOn, endsOn: row.next.endsOn }
        : null,
  };
}

/** The subscription running for the client at `now` (null without one), read in the caller's transaction. */
export async function currentSubscription(
  db: Tx,
  clientId: number,
  now = new Date(),
): Promise<CurrentSubscription | null> {
  const moment = subscriptionMoment(now);
  const [row] = await db
    .select(subscriptionColumns({ clientId, ...moment }))
    .from(clients)
    .where(eq(clients.id, clientId));
  return row ? toCurrentSubscription(row, moment.today) : null;
}

/** currentSubscription for several clients in one query: each client's id, with null for those without one. */
export async function currentSubscriptions(
  db: Tx,
  clientIds: number[],
  now = new Date(),
): Promise<Map<number, CurrentSubscription | null>> {
  if (!clientIds.length) return new Map();
  const moment = subscriptionMoment(now);
  // Named with its table: a one-table select writes its columns bare ("id"), which the subqueries would read as their own.
  const outerId = sql`${clients}.${sql.identifier(clients.id.name)}`;
  const rows = await db
    .select({ id: clients.id, ...subscriptionColumns({ clientId: outerId, ...moment }) })
    .from(clients)
    .where(inArray(clients.id, clientIds));
  return new Map(rows.map(({ id, ...row }) => [id, toCurrentSubscription(row, moment.today)]));
}

/** The name of the plan running today ('Pro'), or null: the « plan » of the client session. */
export async function currentPlanName(db: Tx, clientId: number, now = new Date()): Promise<string | null> {
  const [row] = await db
    .select({ plan: orders.plan })
    .from(orders)
    .where(and(eq(orders.clientId, clientId), eq(orders.paymentStatus, 'paid'), runningOn(todayIso(now))))
    .limit(1);
  return row ? getPlan(row.plan).name : null;
}
