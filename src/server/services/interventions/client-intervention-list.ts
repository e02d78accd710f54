// A client's requests as both client views list them, in one prepared statement: the page, its count, each request's
// rating and who handles and opened it. The list was five statements (the page, the count, the ratings and the two
// names), and the client's area reads it on every visit and every live update: it cost ten times a keyed lookup.
// The routes read it after the session, unless the page this session was last answered still holds
// (`clientSessionWithInterventions`).
import { and, count, eq, sql, type AnyColumn } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client.ts';
import { fromJsonObject, jsonObject } from '#server/db/json-object.ts';
import { jsonPage, listedPage, type Listed, type Page } from '#server/db/json-page.ts';
import { keptStatement } from '#server/db/pglite-plans.ts';
import {
  clientRequestVersions,
  clients,
  clientSessions,
  interventionMessages,
  interventionRatings,
  interventions,
  staffUsers,
} from '#server/db/schema.ts';
import {
  sessionParams,
  sessionSelection,
  toSignedInClient,
  type SessionRead,
} from '#server/services/clients/client-identity.ts';
import { toRating } from './intervention-ratings.ts';
import { handlerName } from './assignment.ts';
import type { ListedIntervention } from './client-interventions.ts';
import { keptPageKey, keptRequestPages } from './kept-request-pages.ts';

export const listedRequests = alias(interventions, 'i');
const i = listedRequests;

/** A staff member's first name ('' without one), null when there is no member: `handlerName` says what clients read. */
const staffName = (id: AnyColumn) =>
  sql<string | null>`(select coalesce(${staffUsers.firstName}, '') from ${staffUsers} where ${staffUsers.id} = ${id})`;

const ratingFields = {
  stars: interventionRatings.stars,
  comment: interventionRatings.comment,
  createdAt: interventionRatings.createdAt,
  updatedAt: interventionRatings.updatedAt,
};

/** The request as the client's views read it (`ListedIntervention`): its rating, who handles it and who opened it. */
export const listedRequestFields = {
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
  // The team wrote since the client last read the conversation (its read mark, intervention-thread.ts); a notice (the
  // end of a screen share the client took part in) is nobody's reply.
  unreadReply: sql<boolean>`exists (select 1 from ${interventionMessages}
    where ${interventionMessages.interventionId} = ${i.id} and ${interventionMessages.author} = 'staff'
      and not ${interventionMessages.notice}
      and ${interventionMessages.createdAt} > coalesce(${i.clientReadAt}, '-infinity'))`,
};

export const listedRequestOrder = [sql`${i.createdAt} desc`, sql`${i.id} desc`];

/** One JSON row of `listedRequestFields` as the client's views read it. */
export function toListedIntervention(value: Record<string, unknown>): ListedIntervention {
  const { rating, handledBy, openedBy, ...request } = fromJsonObject(listedRequestFields, value);
  return {
    ...request,
    rating: rating ? toRating(fromJsonObject(ratingFields, rating)) : null,
    handledBy: handledBy === null ? null : handlerName(handledBy),
    openedBy: openedBy === null ? null : handlerName(openedBy),
  };
}

/** The words searched in a request's title and description ('' matches every request). */
const searched = (q: unknown, title: AnyColumn, description: AnyColumn) =>
  sql`position(lower(${q}::text) in lower(${title} || ' ' || ${description})) > 0`;

/** The page of requests as the statements select it, `q` narrowing them. */
const requestPage = () =>
  jsonPage(
    sql`${interventions} ${i}`,
    listedRequestFields,
    i.clientId,
    listedRequestOrder,
    'list',
    searched(sql.placeholder('q'), i.title, i.description),
  );

const statements = new WeakMap<Db, ReturnType<typeof prepare>>();

function prepare(db: Db) {
  return keptStatement(
    db,
    'client_interventions',
    db
      .select({ page: requestPage() })
      .from(clients)
      .where(eq(clients.id, sql.placeholder('clientId'))),
  );
}

export type ListFilter = Page & { q?: string };

/** A page of the client's requests, newest first, with the full count; `q` keeps those whose text holds it. */
export async function listClientInterventions(
  db: Db,
  clientId: number,
  filter: ListFilter,
): Promise<Listed<ListedIntervention>> {
  let statement = statements.get(db);
  if (!statement) statements.set(db, (statement = prepare(db)));
  const [row] = await statement.execute({ clientId, ...pageParams(filter) });
  return listedPage(filter, row?.page ?? null, toListedIntervention) ?? countPastTheEnd(db, clientId, filter);
}

const pageParams = (filter: ListFilter) => ({ q: filter.q ?? '', listLimit: filter.limit, listOffset: filter.offset });

/** A page past the end carries no count: the count alone. */
async function countPastTheEnd(db: Db, clientId: number, filter: ListFilter): Promise<Listed<ListedIntervention>> {
  const [total] = await db
    .select({ n: count() })
    .from(interventions)
    .where(
      and(
        eq(interventions.clientId, clientId),
        searched(filter.q ?? '', interventions.title, interventions.description),
      ),
    );
  return { items: [], total: Number(total?.n ?? 0) };
}

/**
 * The session behind a client cookie and a page of that client's requests, for the requests' routes, which give it to
 * the session hook (`config.clientReadWithSession`). Null without an open session.
 *
 * The session's statement, under the rule every signed-in call follows (`sessionSelection.open`), also reads the
 * client's counter of changes (client_request_versions). While it stands at the one this session's last page was read
 * at, that page is answered again (kept-request-pages.ts) and listing costs the session's keyed read alone; otherwise
 * the page is read after it, so it is never older than the counter it is kept with.
 */
export function clientSessionWithInterventions(db: Db) {
  const { identity, open } = sessionSelection;
  const statement = keptStatement(
    db,
    'client_session_request_version',
    db
      .select({ ...identity, version: clientRequestVersions.version })
      .from(clientSessions)
      .innerJoin(clients, eq(clients.id, clientSessions.clientId))
      .leftJoin(clientRequestVersions, eq(clientRequestVersions.clientId, clients.id))
      .where(open)
      .limit(1),
  );
  const kept = keptRequestPages();

  /** `filter` null (a query the route will refuse): the session alone, its page not read. */
  return async (
    token: string,
    filter: ListFilter | null,
  ): Promise<(SessionRead & { interventions: Listed<ListedIntervention> | null }) | null> => {
    const { hash, now } = sessionParams(token);
    const [row] = await statement.execute({ hash, now });
    if (!row) return null;
    const { version, ...identityRow } = row;
    const client = toSignedInClient(identityRow, hash);
    if (!filter) return { client, interventions: null };
    const key = keptPageKey(hash, filter);
    const known = kept.get(key);
    // A session never changes client: checked all the same. Without a counter (none is ever missing: migration 0040
    // and the trigger on clients write each), nothing would say the page changed: it is read and not kept.
    if (version !== null && known?.version === version && known.clientId === client.clientId)
      return { client, interventions: known.page };
    const page = await listClientInterventions(db, client.clientId, filter);
    if (version !== null) kept.set(key, { clientId: client.clientId, version, page });
    return { client, interventions: page };
  };
}
