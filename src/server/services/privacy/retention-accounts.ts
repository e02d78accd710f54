// « Conservation dépassée »: the client accounts past the account's period (RETENTION.account), for staff to anonymise.
import { sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { containsPattern } from '#server/db/search-pattern.ts';
import type { CustomerDto } from '#shared/orders/customer-api.ts';
import { todayIso } from '#shared/format.ts';
import { RETENTION, retentionLimit, retentionLimitDay } from '#shared/privacy/retention-periods.ts';
import { ERASED_EMAILS } from '#shared/clients/erased-account.ts';
import {
  CREDITED_CTE,
  CUSTOMER_FIGURES,
  ORDERS_INVOICED,
  toCustomerDto,
  type CustomerRow,
} from '#server/services/orders/customers.ts';

type RetentionRow = Omit<CustomerRow, 'total'> & {
  id: number;
  since: string;
  by_subscription: boolean;
  open_requests: number;
  total: number;
};

/** An erased account's e-mail is its placeholder (shared/clients/erased-account.ts). */
const NOT_ERASED = sql`c.email not like ${ERASED_EMAILS}`;

/**
 * The accounts whose period is over at `now`, not anonymised yet, oldest first. The period runs from the end of the
 * account's last subscription (the last day its paid orders cover, read by account or, for an order without one, by
 * e-mail) or, without any, from the account's creation: the privacy page's words (RETENTION.account.from).
 * A subscription's last day is included, so its period is over once that day is more than the period ago.
 *
 * Each comes with its customer figures (orders grouped by e-mail, as in the customers list) and its assistance
 * requests still open (pending or in progress): staff wait for them to close before erasing.
 */
export async function listExpiredAccounts(
  db: Tx,
  filter: { q?: string; limit: number; offset: number; clientId?: number },
  now: Date,
): Promise<{ items: CustomerDto[]; total: number }> {
  const limit = retentionLimit(RETENTION.account, now);
  const limitDay = retentionLimitDay(RETENTION.account, todayIso(now));
  const pattern = filter.q ? containsPattern(filter.q) : null;
  const matching = pattern
    ? sql`and (lower(c.email) like lower(${pattern}) or lower(c.name) like lower(${pattern})
          or lower(c.username) like lower(${pattern}))`
    : sql``;
  const one = filter.clientId === undefined ? sql`` : sql`and c.id = ${filter.clientId}`;
  const result = await db.execute(sql`
    with ${CREDITED_CTE},
    accounts as (
      select c.id, c.name, c.email, c.phone, c.username,
             greatest(
               (select max(o.ends_on) from orders o where o.client_id = c.id and o.payment_status = 'paid'),
               (select max(o.ends_on) from orders o
                 where o.client_id is null and o.email_key = lower(c.email) and o.payment_status = 'paid')
             ) as last_end,
             (c.created_at at time zone 'Europe/Paris')::date as created_on,
             c.created_at
      from clients c
      where ${NOT_ERASED} ${matching} ${one}
    ),
    expired as (
      select a.*, coalesce(a.last_end, a.created_on) as since, (count(*) over ())::int as total
      from accounts a
      where case when a.last_end is null then a.created_at < ${limit.toISOString()}::timestamptz
                 else a.last_end < ${limitDay}::date end
      order by coalesce(a.last_end, a.created_on), a.id
      limit ${filter.limit} offset ${filter.offset}
    )
    select e.id, e.name, e.email, e.phone, e.username, e.total,
           e.since::text as since, e.last_end is not null as by_subscription,
           (select count(*)::int from interventions i
             where i.client_id = e.id and i.status in ('pending', 'in_progress')) as open_requests,
           f.revenue, f.order_count, f.paid_count, f.gifted_count, f.credits, f.last_order_date
    from expired e
    left join lateral (
      select ${CUSTOMER_FIGURES}, max(o.order_date)::text as last_order_date
      from ${ORDERS_INVOICED}
      where o.email_key = lower(e.email)
    ) f on true
    order by e.since, e.id`);
  const rows = result.rows as RetentionRow[];
  const total = rows[0]?.total ?? (filter.offset > 0 ? await countExpired(db, filter, now) : 0);
  return { items: rows.map(toRetentionDto), total };
}

/** Past the last page there is no row to carry the total: the first page's. */
async function countExpired(db: Tx, filter: { q?: string; clientId?: number }, now: Date): Promise<number> {
  return (await listExpiredAccounts(db, { ...filter, limit: 1, offset: 0 }, now)).total;
}

function toRetentionDto(row: RetentionRow): CustomerDto {
  return {
    ...toCustomerDto(row),
    retention: {
      clientId: row.id,
      since: row.since,
      from: row.by_subscription ? 'subscription' : 'creation',
      openRequests: row.open_requests,
    },
  };
}
