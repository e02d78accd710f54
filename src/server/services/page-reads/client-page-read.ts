// A signed-in client's dashboard as the server renders it, from one prepared statement: the session and its account,
// the subscription running today, a page of the client's orders and a page of their requests. PGlite runs one statement
// at a time and each costs a round trip into it; the four reads the routes make were three statements here before,
// and decoding their rows field by field took as long as running them. The lists come as JSON built in the statement,
// and PGlite keeps the statement's plan (db/pglite-plans.ts).
import { desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client.ts';
import { fromJsonObject } from '#server/db/json-object.ts';
import { jsonPage, listedPage, type Listed, type Page } from '#server/db/json-page.ts';
import { keptStatement } from '#server/db/pglite-plans.ts';
import { clients, clientSessions, interventions, invoices, orders } from '#server/db/schema.ts';
import type { ClientOrder } from '#shared/orders/order-api.ts';
import type { IssuedDocumentDto } from '#shared/billing/invoice-api.ts';
import { toClientOrder } from '#server/services/orders/client-orders.ts';
import type { ListedIntervention } from '#server/services/interventions/client-interventions.ts';
import {
  listedRequestFields,
  listedRequestOrder,
  listedRequests,
  toListedIntervention,
} from '#server/services/interventions/client-intervention-list.ts';
import {
  sessionParams,
  sessionSelection,
  toSessionRead,
  type SessionRead,
} from '#server/services/clients/client-identity.ts';

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
        orders: jsonPage(sql`${orders} ${o}`, orderFields, o.clientId, [desc(o.orderDate), desc(o.id)], 'orders'),
        interventions: jsonPage(
          sql`${interventions} ${listedRequests}`,
          listedRequestFields,
          listedRequests.clientId,
          listedRequestOrder,
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
      orders: listedPage(asked.orders, orderRows, (value) => {
        const { documents, ...order } = fromJsonObject(orderFields, value);
        return toClientOrder(order, documents);
      }),
      interventions: listedPage(asked.interventions, requestRows, toListedIntervention),
    };
  };
}
