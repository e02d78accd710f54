// Events for open pages, written in the transaction of the change they tell (services/live/hub.ts delivers them).
import { and, asc, desc, eq, gt, inArray, isNotNull, like, or, sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { liveEvents } from '#server/db/schema.ts';
import type { StaffRole } from '#shared/staff/staff-labels.ts';
import type { LiveEvent, LiveKind } from '#shared/live/live-api.ts';
import { RETENTION, retentionLimit } from '#shared/privacy/retention-periods.ts';

/** The channel of PostgreSQL's NOTIFY (PGlite's too): every instance listening hears every event once committed. */
export const LIVE_CHANNEL = 'rfs_live';

/**
 * Who receives an event: staff (all, one role, or only the members listed in staffIds) with their text, and/or the
 * request's client with theirs.
 */
export type LiveAudience = {
  staff?: string;
  staffRole?: StaffRole;
  staffIds?: number[];
  client?: string;
  actorStaffId?: number | null;
};

/**
 * A request (and its client; `subjectId` when the kind names something on it, a screen share), or what a staff-only
 * kind names: a « Messages » item, a device (and its client if any).
 */
export type LiveTarget =
  { interventionId: number; clientId: number; subjectId?: number } | { subjectId: number; clientId?: number | null };

export type StoredEvent = typeof liveEvents.$inferSelect;

/** NOTIFY's payload must stay under 8,000 bytes: the texts are short sentences, cut to be sure. */
const cut = (text: string | undefined) => (text === undefined ? null : text.slice(0, 300));

/**
 * Records the event and notifies every instance in the caller's transaction: a rolled-back change tells nobody,
 * and PostgreSQL delivers the notice only once the change is committed, so a page reading on it finds the change.
 */
export async function publishLive(tx: Tx, kind: LiveKind, target: LiveTarget, to: LiveAudience) {
  const [row] = await tx
    .insert(liveEvents)
    .values({
      kind,
      interventionId: 'interventionId' in target ? target.interventionId : null,
      subjectId: target.subjectId ?? null,
      clientId: target.clientId ?? null,
      staffText: cut(to.staff),
      staffRole: to.staff === undefined ? null : (to.staffRole ?? null),
      staffIds: to.staff === undefined ? null : (to.staffIds ?? null),
      clientText: cut(to.client),
      actorStaffId: to.actorStaffId ?? null,
    })
    .returning();
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(row)})`);
}

/** A page's view of a stored event: staff or client, with its own text; null when it is not theirs. */
export type Viewer = { side: 'staff'; role: StaffRole; id: number } | { side: 'client'; clientId: number };

export function eventFor(viewer: Viewer, e: StoredEvent): LiveEvent | null {
  const base = {
    id: e.id,
    kind: e.kind as LiveKind,
    subjectId: e.subjectId ?? e.interventionId ?? 0,
    interventionId: e.interventionId,
    at: new Date(e.createdAt).toISOString(),
  };
  if (viewer.side === 'staff') {
    if (e.staffText === null || (e.staffRole !== null && e.staffRole !== viewer.role)) return null;
    if (e.staffIds && !e.staffIds.includes(viewer.id)) return null;
    return { ...base, text: e.staffText, actorId: e.actorStaffId ?? null };
  }
  if (e.clientText === null || e.clientId === null || e.clientId !== viewer.clientId) return null;
  return { ...base, text: e.clientText };
}

/** How many stored events one read of a catch-up takes: a page back after a long time reads several. */
const REPLAY_PAGE = 500;

/**
 * What the database can leave out of a page's catch-up before `eventFor` decides: another client's events for a client,
 * those written for clients alone for staff. `eventFor` stays the rule; this only spares reading the rest.
 */
const mayConcern = (viewer: Viewer) =>
  viewer.side === 'client' ? eq(liveEvents.clientId, viewer.clientId) : isNotNull(liveEvents.staffText);

/**
 * The events after `afterId`, oldest first, in reads of REPLAY_PAGE (a reconnect's catch-up, or the hub's after its
 * listener came back), those that may concern `viewer` when one is given. All of them: a page's own events may lie
 * behind hundreds of others', and a page that is not sent one has no other way to learn of it. The table keeps a day
 * of events (pruneLive), which bounds the walk.
 */
export async function* eventsAfter(db: Tx, afterId: number, viewer?: Viewer): AsyncGenerator<StoredEvent> {
  for (let after = afterId; ;) {
    const page = await db
      .select()
      .from(liveEvents)
      .where(and(gt(liveEvents.id, after), viewer ? mayConcern(viewer) : undefined))
      .orderBy(asc(liveEvents.id))
      .limit(REPLAY_PAGE);
    yield* page;
    if (page.length < REPLAY_PAGE) return;
    after = page.at(-1)!.id;
  }
}

/** The newest event's id (0 when none): where a page that just opened starts counting. */
export async function lastEventId(db: Tx): Promise<number> {
  const [row] = await db.select({ id: liveEvents.id }).from(liveEvents).orderBy(desc(liveEvents.id)).limit(1);
  return row?.id ?? 0;
}

/**
 * An erased client's events go (services/inbox/erasure.ts): those about their account, and those of their « Messages »
 * items (a registration or contact message sent before the account existed). Their sentences name the person.
 */
export async function forgetLiveEventsOf(tx: Tx, who: { clientId: number; inboxItemIds: number[] }) {
  await tx
    .delete(liveEvents)
    .where(
      or(
        eq(liveEvents.clientId, who.clientId),
        who.inboxItemIds.length
          ? and(like(liveEvents.kind, 'inbox.%'), inArray(liveEvents.subjectId, who.inboxItemIds))
          : undefined,
      ),
    );
}

/** Events are kept a day (RETENTION.liveEvents): enough for a restart or a night's lost connection. */
export async function pruneLive(db: Tx, now = new Date()): Promise<number> {
  const gone = await db
    .delete(liveEvents)
    .where(sql`${liveEvents.createdAt} < ${retentionLimit(RETENTION.liveEvents, now).toISOString()}::timestamptz`)
    .returning({ id: liveEvents.id });
  return gone.length;
}
