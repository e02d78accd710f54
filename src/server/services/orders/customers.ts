import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import type { CustomerDto } from '#shared/orders/customer-api.ts';
import { containsPattern } from '#server/db/search-pattern.ts';

/** Revenue as on the dashboard (stats.ts): what was invoiced less the credit notes on it. */
export const CREDITED_CTE = sql`credited as (
  select order_id, sum(total_ttc) as amount from invoices where kind = 'credit_note' group by order_id)`;
/** Orders `o` with their invoice `i` and what was credited on it `c` (needs CREDITED_CTE). */
export const ORDERS_INVOICED = sql`orders o
  left join invoices i on i.order_id = o.id and i.kind = 'invoice'
  left join credited c on c.order_id = o.id`;
/** A customer's figures over a group of ORDERS_INVOICED, named as CustomerRow's columns. */
export const CUSTOMER_FIGURES = sql`coalesce(sum(i.total_ttc - coalesce(c.amount, 0)), 0)::float8 as revenue,
  count(o.id)::int as order_count,
  (count(o.id) filter (where o.payment_status = 'paid'))::int as paid_count,
  (count(o.id) filter (where o.payment_method = 'offert'))::int as gifted_count, -- isGifted, shared/billing/payment-labels.ts
  coalesce(sum(o.credit_cost), 0)::float8 as credits`;

export type CustomerRow = {
  email: string;
  name: string;
  phone: string;
  username: string | null;
  revenue: number;
  order_count: number;
  paid_count: number;
  gifted_count: number;
  credits: number;
  last_order_date: string | null;
  total: number;
};

/**
 * Customers are orders grouped by lower(e-mail) (the stored email_key), in SQL. A search first finds the matching
 * e-mails, then groups all their orders, so a match on an old order's name still shows the customer's full totals.
 * Only the page's groups are joined to their latest order and account.
 */
export async function listCustomers(
  db: Tx,
  filter: { q?: string; limit: number; offset: number },
): Promise<{ items: CustomerDto[]; total: number }> {
  const matching = filter.q
    ? sql`where o.email_key in (
        select m.email_key from orders m where m.search_text like lower(${containsPattern(filter.q)})
        union
        select lower(c.email) from clients c where lower(c.username) like lower(${containsPattern(filter.q)})
          or lower(c.name) like lower(${containsPattern(filter.q)}))`
    : sql``;
  const result = await db.execute(sql`
    with ${CREDITED_CTE},
    groups as (
      select o.email_key,
             max(o.id) as last_id,
             max(o.order_date) as last_order_date,
             ${CUSTOMER_FIGURES},
             (count(*) over ())::int as total
      from ${ORDERS_INVOICED}
      ${matching}
      group by o.email_key
      order by max(o.order_date) desc, max(o.id) desc
      limit ${filter.limit} offset ${filter.offset}
    )
    select coalesce(c.email, last.client_email) as email,
           last.client_name as name,
           coalesce(nullif(last.client_phone, ''), c.phone, '') as phone,
           coalesce(c.username, last.username) as username,
           g.revenue, g.order_count, g.paid_count, g.gifted_count, g.credits,
           g.last_order_date::text as last_order_date, g.total
    from groups g
    join orders last on last.id = g.last_id
    left join clients c on lower(c.email) = g.email_key
    order by g.last_order_date desc, g.last_id desc`);
  const rows = result.rows as CustomerRow[];
  // When the offset is past the end there is no row to carry the total: count the groups instead.
  const total = rows[0]?.total ?? (filter.offset > 0 ? await countCustomers(db, matching) : 0);
  return { items: rows.map(toCustomerDto), total };
}

async function countCustomers(db: Tx, matching: SQL): Promise<number> {
  const result = await db.execute(sql`select count(distinct o.email_key)::int as n from orders o ${matching}`);
  return (result.rows[0] as { n: number } | undefined)?.n ?? 0;
}

export function toCustomerDto(row: Omit<CustomerRow, 'total'>): CustomerDto {
  return {
    email: row.email,
    name: row.name,
    phone: row.phone,
    username: row.username,
    revenue: Math.round(Number(row.revenue) * 100) / 100,
    orderCount: row.order_count,
    paidCount: row.paid_count,
    giftedCount: row.gifted_count,
    credits: Math.round(Number(row.credits) * 100) / 100,
    lastOrderDate: row.last_order_date,
  };
}
