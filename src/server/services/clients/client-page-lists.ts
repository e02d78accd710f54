// The client's two lists as a server-rendered page starts from them: each one prepared statement (rows, full count
// and the rows' documents or ratings together), where the routes' services run three.
import { desc, eq, getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { interventionRatings, interventions, invoices, orders } from '../../db/schema';
import type { ClientOrder } from '../../../shared/client-api';
import type { IssuedDocumentDto } from '../../../shared/invoice-api';
import { listClientOrders } from './client-account';
import { listClientInterventions } from '../interventions/client-interventions';
import { toRating } from '../interventions/intervention-ratings';
import { toClientOrder } from '../orders/subscriptions';

type Page = { limit: number; offset: number };
type Listed<T> = { items: T[]; total: number };
type Rated = Awaited<ReturnType<typeof listClientInterventions>>['items'][number];

/** The full count beside each row of the page: one statement instead of a second one counting. */
const total = sql<number>`count(*) over ()`.mapWith(Number);

/**
 * An order's issued documents as `documentsOf` + `toDocumentDto` give them (invoice first then credit notes, by id),
 * built in the row's own statement: the amount as its text ('29.90'), the date as 'YYYY-MM-DD'. The order's id is
 * named with its table (Drizzle writes a column of a one-table query bare, which here would be the invoice's).
 */
const documents = sql<IssuedDocumentDto[]>`(
  select coalesce(json_agg(json_build_object(
    'id', ${invoices.id}, 'kind', ${invoices.kind}, 'number', ${invoices.number},
    'issuedOn', ${invoices.issuedOn}, 'totalTtc', ${invoices.totalTtc}::text
  ) order by ${invoices.id}), '[]'::json)
  from ${invoices} where ${invoices.orderId} = ${sql.identifier(getTableName(orders))}.${sql.identifier(orders.id.name)})`;

/**
 * `listClientOrders` and `listClientInterventions` (without a search), the same answers, each from one prepared
 * statement, prepared once per database. A page past the last row has no row to carry the count: that rare case
 * asks the services themselves.
 */
export function clientPageLists(db: Db) {
  const ordersPage = db.select({
    id: orders.id, plan: orders.plan, price: orders.price, paymentStatus: orders.paymentStatus,
    orderDate: orders.orderDate, startsOn: orders.startsOn, endsOn: orders.endsOn,
    documents, total,
  }).from(orders).where(eq(orders.clientId, sql.placeholder('clientId')))
    .orderBy(desc(orders.orderDate), desc(orders.id))
    .limit(sql.placeholder('limit')).offset(sql.placeholder('offset'))
    .prepare('client_page_orders');

  const interventionsPage = db.select({
    intervention: getTableColumns(interventions), rating: getTableColumns(interventionRatings), total,
  }).from(interventions)
    .leftJoin(interventionRatings, eq(interventionRatings.interventionId, interventions.id))
    .where(eq(interventions.clientId, sql.placeholder('clientId')))
    .orderBy(desc(interventions.createdAt), desc(interventions.id))
    .limit(sql.placeholder('limit')).offset(sql.placeholder('offset'))
    .prepare('client_page_interventions');

  return {
    async orders(clientId: number, page: Page): Promise<Listed<ClientOrder>> {
      const rows = await ordersPage.execute({ clientId, ...page });
      if (!rows.length && page.offset > 0) return listClientOrders(db, clientId, page);
      return {
        items: rows.map(({ documents: issued, total: _total, ...row }) => toClientOrder(row, issued)),
        total: rows[0]?.total ?? 0,
      };
    },
    async interventions(clientId: number, page: Page): Promise<Listed<Rated>> {
      const rows = await interventionsPage.execute({ clientId, ...page });
      if (!rows.length && page.offset > 0) return listClientInterventions(db, clientId, page);
      return {
        items: rows.map(({ intervention, rating }) => ({ ...intervention, rating: rating ? toRating(rating) : null })),
        total: rows[0]?.total ?? 0,
      };
    },
  };
}
