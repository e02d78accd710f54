// A signed-in client's dashboard as the server renders it, from one prepared statement: the session and its account,
// the subscription running today, a page of the client's orders and a page of their requests. PGlite runs one statement
// at a time and each costs a round trip into it; the four reads the routes make were three statements here before,
// and decoding their rows field by field took as long as running them. The lists come as JSON built in the statement,
// and PGlite keeps the statement's plan (db/pglite-plans.ts).
import { desc, eq, getTableName, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client.ts';
import { fromJsonObject, jsonObject, type Fields } from '#server/db/json-object.ts';
import { keptStatement } from '#server/db/pglite-plans.ts';
import {
  clients,
  clientSessions,
  interventionRatings,
  interventions,
  invoices,
  orders,
  staffUsers,
} from '#server/db/schema.ts';
import type { ClientOrder } from '#shared/orders/order-api.ts';
import type { IssuedDocumentDto } from '#shared/billing/invoice-api.ts';
import { toClientOrder } from '#server/services/orders/client-orders.ts';
import type { ListedIntervention } from '#server/services/interventions/client-interventions.ts';
import { handlerName } from '#server/services/interventions/assignment.ts';
import { toRating } from '#server/services/interventions/intervention-ratings.ts';
import {
  sessionParams,
  sessionSelection,
  toSessionRead,
  type SessionRead,
} from '#server/services/clients/client-identity.ts';

type Page = { limit: number; offset: number };
/** A page of a list with the full count (X-Total-Count). */
type Listed<T> = { items: T[]; total: number };
/** The pages a dashboard shows; a list not asked for is not read. */
export type PagesAsked = { orders?: Page; interventions?: Page };
/**
 * The session, its subscription and the lists asked for. A list is null when not asked for, or when the page lies
 * past the last row: no row then carries the count, and that rare case asks the routes' services.
 */
export type ClientPageRead = Required<SessionRead> & {
  orders: Listed<ClientOrder> | null;
  interventions: Listed<ListedIntervention> | null;
};

const o = alias(orders, 'o');
const i = alias(interventions, 'i');

/** The order as `toClientOrder` reads it, with its issued documents (invoice first, then credit notes, by id). */
const orderFields = {
  id: o.id,
  plan: o.plan,
  price: o.price,
  paymentStatus: o.paymentStatus,
  orderDate: o.orderDate,
  startsOn: o.startsOn,
  endsOn: o.endsOn,
  paymentIssue: o.paymentIssue,
  withdrawnAt: o.withdrawnAt,
  withdrawalRefund: o.withdrawalRefund,
  documents: sql<IssuedDocumentDto[]>`(select coalesce(json_agg(json_build_object(
    'id', ${invoices.id}, 'kind', ${invoices.kind}, 'number', ${invoices.number},
    'issuedOn', ${invoices.issuedOn}, 'totalTtc', ${invoices.totalTtc}::text
  ) order by ${invoices.id}), '[]'::json) from ${invoices} where ${invoices.orderId} = ${o.id})`,
};

/** A staff member's first name ('' without one), null when there is no member: `handlerName` says what clients read. */
const staffName = (id: AnyColumn) =>
  sql<string | null>`(select coalesce(${staffUsers.firstName}, '') from ${staffUsers} where ${staffUsers.id} = ${id})`;

const ratingFields = {
  stars: interventionRatings.stars,
  comment: interventionRatings.comment,
  createdAt: interventionRatings.createdAt,
  updatedAt: interventionRatings.updatedAt,
};

/** The request as the client's views read it (`ListedRequest`): its rating, who handles it and who opened it. */
const interventionFields = {
  id: i.id,
  title: i.title,
  description: i.description,
  urgency: i.urgency,
  deviceType: i.deviceType,
  deviceInfo: i.deviceInfo,
  status: i.status,
  createdAt: i.createdAt,
  durationMinutes: i.durationMinutes,
  dueAt: i.dueAt,
  firstResponseAt: i.firstResponseAt,
  rating: sql<Record<string, unknown> | null>`(select ${jsonObject(ratingFields)}
    from ${interventionRatings} where ${interventionRatings.interventionId} = ${i.id})`,
  handledBy: staffName(i.assignedStaffId),
  openedBy: staffName(i.openedByStaffId),
};

/**
 * A page of the signed-in client's rows as a JSON array, each with the full count (`total`), in the list's order; null
 * when the list is not asked for (a limit of 0: the placeholders are the same whichever lists a page shows).
 */
function pageOf(from: SQL, fields: Fields, owner: AnyColumn, order: SQL[], page: string) {
  const limit = sql.placeholder(`${page}Limit`);
  const offset = sql.placeholder(`${page}Offset`);
  const ordered = sql.join(order, sql`, `);
  return sql<Array<Record<string, unknown>> | null>`case when ${limit}::int > 0 then (
    select json_agg(page.row order by page.n) from (
      select ${jsonObject({ ...fields, total: sql`count(*) over ()` })} as row,
        row_number() over (order by ${ordered}) as n
      from ${from} where ${owner} = ${sql.identifier(getTableName(clients))}.${sql.identifier(clients.id.name)}
      order by ${ordered} limit ${limit}::int offset ${offset}::int
    ) page
  ) end`;
}

/** The dashboard's read, prepared once per database. */
export function clientPageReadStatement(db: Db) {
  const { identity, subscription, open } = sessionSelection;
  const statement = keptStatement(
    db,
    'client_page',
    db
      .select({
        ...identity,
        ...subscription,
        orders: pageOf(sql`${orders} ${o}`, orderFields, o.clientId, [desc(o.orderDate), desc(o.id)], 'orders'),
        interventions: pageOf(
          sql`${interventions} ${i}`,
          interventionFields,
          i.clientId,
          [desc(i.createdAt), desc(i.id)],
          'interventions',
        ),
      })
      .from(clientSessions)
      .innerJoin(clients, eq(clients.id, clientSessions.clientId))
      .where(open)
      .limit(1),
  );

  return async (token: string, asked: PagesAsked): Promise<ClientPageRead | null> => {
    const params = sessionParams(token);
    const [row] = await statement.execute({
      ...params,
      ordersLimit: asked.orders?.limit ?? 0,
      ordersOffset: asked.orders?.offset ?? 0,
      interventionsLimit: asked.interventions?.limit ?? 0,
      interventionsOffset: asked.interventions?.offset ?? 0,
    });
    if (!row) return null;
    const { orders: orderRows, interventions: requestRows, ...session } = row;
    return {
      ...toSessionRead(session, params),
      orders: listed(asked.orders, orderRows, (value) => {
        const { documents, ...order } = fromJsonObject(orderFields, value);
        return toClientOrder(order, documents);
      }),
      interventions: listed(asked.interventions, requestRows, (value) => {
        const { rating, handledBy, openedBy, ...request } = fromJsonObject(interventionFields, value);
        return {
          ...request,
          rating: rating ? toRating(fromJsonObject(ratingFields, rating)) : null,
          handledBy: handledBy === null ? null : handlerName(handledBy),
          openedBy: openedBy === null ? null : handlerName(openedBy),
        };
      }),
    };
  };
}

/**
 * A JSON page back as items and count. No row on the first page: the list is empty. No row further on: null, the page
 * lies past the end and no row carried the count. Null too for a list not asked for.
 */
function listed<T>(
  page: Page | undefined,
  rows: Array<Record<string, unknown>> | null,
  toItem: (value: Record<string, unknown>) => T,
): Listed<T> | null {
  if (!page) return null;
  if (!rows?.length) return page.offset === 0 ? { items: [], total: 0 } : null;
  return { items: rows.map(toItem), total: Number(rows[0]!.total) };
}
