import { alias } from 'drizzle-orm/pg-core';
import { holdAccountOf } from '#server/services/clients/account-lock.ts';
import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '#server/db/client.ts';
import { clients, interventionMessages, interventionRatings, interventions, staffUsers } from '#server/db/schema.ts';
import { HttpError, notFound } from '#server/http-error.ts';
import {
  INTERVENTION_TRANSITIONS,
  type AdminInterventionDto,
  type InterventionAssigneeFilter,
  type InterventionRatingFilter,
  type InterventionSort,
  type interventionUpdateInputSchema,
} from '#shared/interventions/intervention-api.ts';
import { INTERVENTION_STATUS_LABELS, type InterventionStatus } from '#shared/interventions/intervention-labels.ts';
import { publishLive } from '#server/services/live/events.ts';
import { diff, writeAudit } from '#server/services/security/audit.ts';
import { assertMayClose, takeInCharge, type ClosingHook, type StaffActor } from './assignment.ts';
import type { MailQueue } from '#server/services/mail/outbox.ts';
import { firstResponse } from './response-clock.ts';
import { toRating } from './intervention-ratings.ts';
import { deviceStates } from '#server/services/devices/coverage.ts';

export const INTERVENTION_NOT_FOUND = 'Intervention introuvable';

const assignee = alias(staffUsers, 'assignee');
const opener = alias(staffUsers, 'opener');
const columns = {
  intervention: interventions,
  clientName: clients.name,
  clientEmail: clients.email,
  rating: interventionRatings,
  assignee: { id: assignee.id, username: assignee.username, firstName: assignee.firstName },
  openedBy: { id: opener.id, username: opener.username, firstName: opener.firstName },
  // The client wrote since staff last read the conversation (the team's read mark, intervention-thread.ts).
  unreadMessage: sql<boolean>`exists (select 1 from ${interventionMessages}
    where ${interventionMessages.interventionId} = ${interventions.id} and ${interventionMessages.author} = 'client'
      and ${interventionMessages.createdAt} > coalesce(${interventions.staffReadAt}, '-infinity'))`,
};
type Row = {
  intervention: typeof interventions.$inferSelect;
  clientName: string;
  clientEmail: string;
  rating: typeof interventionRatings.$inferSelect | null;
  assignee: AdminInterventionDto['assignee'];
  openedBy: AdminInterventionDto['openedBy'];
  unreadMessage: boolean;
};

/** A request with its client, its rating (none until the client gives one) and who handles it. */
const withClient = (db: Tx) =>
  db
    .select(columns)
    .from(interventions)
    .innerJoin(clients, eq(clients.id, interventions.clientId))
    .leftJoin(interventionRatings, eq(interventionRatings.interventionId, interventions.id))
    .leftJoin(assignee, eq(assignee.id, interventions.assignedStaffId))
    .leftJoin(opener, eq(opener.id, interventions.openedByStaffId));

/** One request as staff read it (the list, a change's answer, a live event). */
export async function adminIntervention(db: Tx, id: number, now = new Date()): Promise<AdminInterventionDto | null> {
  const [row] = await withClient(db).where(eq(interventions.id, id));
  return row ? (await toDtos(db, [row], now))[0]! : null;
}

/** The requests with the devices they name as those stand now (« hors formule », proof awaited: services/devices). */
async function toDtos(db: Tx, rows: Row[], now: Date): Promise<AdminInterventionDto[]> {
  const states = await deviceStates(
    db,
    rows.flatMap((r) => (r.intervention.deviceId === null ? [] : [r.intervention.deviceId])),
    now,
  );
  return rows.map((row) =>
    toDto(row, row.intervention.deviceId === null ? null : (states.get(row.intervention.deviceId) ?? null)),
  );
}

function toDto(
  { intervention: i, clientName, clientEmail, rating, assignee: holder, openedBy, unreadMessage }: Row,
  deviceState: AdminInterventionDto['deviceState'],
): AdminInterventionDto {
  return {
    id: i.id,
    clientId: i.clientId,
    clientName,
    clientEmail,
    title: i.title,
    description: i.description,
    urgency: i.urgency,
    deviceType: i.deviceType,
    deviceInfo: i.deviceInfo,
    deviceId: i.deviceId,
    deviceState,
    status: i.status,
    durationMinutes: i.durationMinutes,
    staffNotes: i.staffNotes,
    plan: i.plan,
    remoteTool: i.remoteTool,
    remoteId: i.remoteId,
    dueAt: i.dueAt?.toISOString() ?? null,
    firstResponseAt: i.firstResponseAt?.toISOString() ?? null,
    warnedAt: i.warnedAt?.toISOString() ?? null,
    escalatedAt: i.escalatedAt?.toISOString() ?? null,
    rating: rating ? toRating(rating) : null,
    assignee: holder,
    openedBy,
    unreadMessage,
    createdAt: i.createdAt.toISOString(),
    updatedAt: i.updatedAt.toISOString(),
  };
}

/**
 * 'due': requests still waiting for their first response come first, the most pressing on top (no due time last);
 * the answered ones follow, newest first. 'recent': newest first.
 */
const ORDERS = {
  recent: [desc(interventions.createdAt), desc(interventions.id)],
  due: [
    sql`(${interventions.firstResponseAt} is null and ${interventions.status} in ('pending', 'in_progress')) desc`,
    sql`${interventions.dueAt} asc nulls last`,
    desc(interventions.createdAt),
    desc(interventions.id),
  ],
} satisfies Record<InterventionSort, SQL[]>;

/** A low rating is one a manager calls the client back about. */
const LOW_STARS = 2;
const RATED: Record<InterventionRatingFilter, SQL> = {
  rated: sql`exists (select 1 from ${interventionRatings} r where r.intervention_id = ${interventions.id})`,
  low: sql`exists (select 1 from ${interventionRatings} r where r.intervention_id = ${interventions.id} and r.stars <= ${LOW_STARS})`,
};

export async function listInterventions(
  db: Tx,
  filter: {
    status?: InterventionStatus;
    clientId?: number;
    sort?: InterventionSort;
    rating?: InterventionRatingFilter;
    assignee?: InterventionAssigneeFilter;
    limit: number;
    offset: number;
  },
  me?: { id: number },
  now = new Date(),
) {
  const where = and(
    filter.assignee === 'me' ? eq(interventions.assignedStaffId, me?.id ?? -1) : undefined,
    filter.assignee === 'unassigned' ? isNull(interventions.assignedStaffId) : undefined,
    filter.status ? eq(interventions.status, filter.status) : undefined,
    filter.clientId ? eq(interventions.clientId, filter.clientId) : undefined,
    filter.rating ? RATED[filter.rating] : undefined,
  );
  const [rows, [total]] = await Promise.all([
    withClient(db)
      .where(where)
      .orderBy(...ORDERS[filter.sort ?? 'recent'])
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(interventions).where(where),
  ]);
  return { items: await toDtos(db, rows, now), total: Number(total?.n ?? 0) };
}

/** Staff's changes; the first status change is the first response (the clock stops); a new status is e-mailed to the client in the same transaction. */
export async function updateIntervention(
  db: Db,
  mail: MailQueue,
  id: number,
  patch: z.output<typeof interventionUpdateInputSchema>,
  actor: StaffActor,
  /** what else ends as the request closes, in its transaction (the screen share on it: services/remote, above) */
  closing: ClosingHook = async () => false,
  now = new Date(),
) {
  await db.transaction(async (tx) => {
    await holdAccountOf(tx, interventions, id);
    let [current] = await tx.select().from(interventions).where(eq(interventions.id, id)).for('update');
    if (!current) throw notFound(INTERVENTION_NOT_FOUND);
    if (
      patch.status &&
      patch.status !== current.status &&
      !INTERVENTION_TRANSITIONS[current.status].includes(patch.status)
    ) {
      throw new HttpError('BAD_TRANSITION', 'Transition de statut impossible');
    }
    if (
      patch.status &&
      patch.status !== current.status &&
      (patch.status === 'completed' || patch.status === 'cancelled')
    ) {
      assertMayClose(actor, current);
      // A screen still shared on it ends first: its minutes go into the duration read below. A duration the member
      // gives with « Terminer » is the whole time spent, as when the share had ended before: it stands.
      if (await closing(tx, id, now))
        current = (await tx.select().from(interventions).where(eq(interventions.id, id)))[0]!;
    }
    const change = diff(
      { status: current.status, durationMinutes: current.durationMinutes, staffNotes: current.staffNotes },
      { status: patch.status, durationMinutes: patch.durationMinutes, staffNotes: patch.staffNotes },
    );
    if (!change) return;
    // Taking the request in charge (or closing it) is a first response, unless staff already wrote to the client.
    const stopClock = change.after.status ? firstResponse(current, now) : {};
    await tx
      .update(interventions)
      .set({ ...change.after, ...stopClock, updatedAt: now })
      .where(eq(interventions.id, id));
    if (change.after.status === 'in_progress') await takeInCharge(tx, actor, current, now);
    await writeAudit(tx, actor, { action: 'intervention.update', entity: 'intervention', entityId: id, ...change });
    const status = change.after.status;
    if (status) {
      const label = INTERVENTION_STATUS_LABELS[status].toLowerCase();
      await publishLive(
        tx,
        'intervention.status',
        { interventionId: id, clientId: current.clientId },
        {
          staff: `Demande #${id} : ${label} (${actor.username})`,
          client: `Votre demande #${id} : ${label}`,
          actorStaffId: actor.id,
        },
      );
      const [client] = await tx
        .select({ email: clients.email, name: clients.name })
        .from(clients)
        .where(eq(clients.id, current.clientId));
      // Each status is reached at most once (INTERVENTION_TRANSITIONS): one message per status and intervention.
      if (client) {
        await mail.queue(tx, {
          key: `intervention:${id}:status:${status}`,
          kind: 'intervention_status',
          to: client.email,
          clientId: current.clientId,
          params: {
            interventionId: id,
            name: client.name,
            title: current.title,
            status,
            durationMinutes: change.after.durationMinutes ?? current.durationMinutes,
          },
        });
      }
    }
  });
  return (await adminIntervention(db, id))!;
}
