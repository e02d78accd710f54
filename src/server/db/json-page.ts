// A page of a list built as JSON inside one statement, each row with the list's full count, and read back: a list
// and its X-Total-Count in one round trip (services/page-reads/client-page-read.ts, the client's requests).
import { getTableName, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { clients } from './schema.ts';
import { jsonObject, type Fields } from './json-object.ts';

export type Page = { limit: number; offset: number };
/** A page of a list with the full count (X-Total-Count). */
export type Listed<T> = { items: T[]; total: number };

/**
 * A page of the client's rows as a JSON array, each with the full count (`total`), in the list's order; null when the
 * list is not asked for (a limit of 0). `owner` is compared with the `clients` row of the enclosing statement; the
 * placeholders are `${page}Limit` and `${page}Offset`; `filter` narrows the rows further.
 */
export function jsonPage(from: SQL, fields: Fields, owner: AnyColumn, order: SQL[], page: string, filter?: SQL) {
  const limit = sql.placeholder(`${page}Limit`);
  const offset = sql.placeholder(`${page}Offset`);
  const ordered = sql.join(order, sql`, `);
  const owned = sql`${owner} = ${sql.identifier(getTableName(clients))}.${sql.identifier(clients.id.name)}`;
  return sql<Array<Record<string, unknown>> | null>`case when ${limit}::int > 0 then (
    select json_agg(page.row order by page.n) from (
      select ${jsonObject({ ...fields, total: sql`count(*) over ()` })} as row,
        row_number() over (order by ${ordered}) as n
      from ${from} where ${filter ? sql`${owned} and ${filter}` : owned}
      order by ${ordered} limit ${limit}::int offset ${offset}::int
    ) page
  ) end`;
}

/**
 * A JSON page back as items and count. No row on the first page: the list is empty. No row further on: null, the page
 * lies past the end and no row carried the count. Null too for a list not asked for.
 */
export function listedPage<T>(
  page: Page | undefined,
  rows: Array<Record<string, unknown>> | null,
  toItem: (value: Record<string, unknown>) => T,
): Listed<T> | null {
  if (!page) return null;
  if (!rows?.length) return page.offset === 0 ? { items: [], total: 0 } : null;
  return { items: rows.map(toItem), total: Number(rows[0]!.total) };
}
