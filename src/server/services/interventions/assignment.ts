// Who handles a request: « Prendre en charge » gives it to the member who clicks; an admin gives it to anyone.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { holdAccountOf } from '#server/services/clients/account-lock.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { interventions, staffUsers } from '#server/db/schema.ts';
import { HttpError, notFound } from '#server/http-error.ts';
import type { StaffRole } from '#shared/staff/staff-labels.ts';
import { writeAudit, type Actor } from '#server/services/security/audit.ts';
import { publishLive } from '#server/services/live/events.ts';

/** The member acting, with the role that decides what they may change. */
export type StaffActor = Actor & { id: number; role: StaffRole };

/**
 * Handed in from above by the routes that close a request: ends, in the closing's transaction, what runs on the
 * request (its screen share), and answers whether it changed the request's row.
 */
export type ClosingHook = (tx: Tx, interventionId: number, now: Date) => Promise<boolean>;

const ASSIGN_FORBIDDEN =
  'Seul un administrateur peut confier une demande à un autre membre ou la reprendre à celui qui la traite.';
const CLOSE_FORBIDDEN =
  'Cette demande est traitée par un autre membre : lui seul ou un administrateur peut la clore ou l’annuler.';
const ASSIGNEE_INVALID = 'Choisissez un membre actif de l’équipe.';
const CLOSED = 'Cette demande est close : elle ne change plus de main.';
/** What clients read when the member who handles (or opened) their request gave no first name. */
const TEAM_HANDLER = 'l’équipe';

/** The name clients read for a member who handles or opened their request. */
export const handlerName = (firstName: string | null) => firstName || TEAM_HANDLER;

type Current = Pick<typeof interventions.$inferSelect, 'id' | 'assignedStaffId' | 'status' | 'clientId'>;

async function usernameOf(tx: Tx, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const [row] = await tx.select({ username: staffUsers.username }).from(staffUsers).where(eq(staffUsers.id, id));
  return row?.username ?? null;
}

/** Writes the new holder and its audit entry, in the caller's transaction. */
async function setAssignee(tx: Tx, actor: Actor, current: Current, staffId: number | null, now: Date) {
  await tx
    .update(interventions)
    .set({ assignedStaffId: staffId, updatedAt: now })
    .where(eq(interventions.id, current.id));
  const after = await usernameOf(tx, staffId);
  await writeAudit(tx, actor, {
    action: 'intervention.assign',
    entity: 'intervention',
    entityId: current.id,
    before: { assignee: await usernameOf(tx, current.assignedStaffId) },
    after: { assignee: after },
  });
  const handler = staffId === null ? null : (await handlersFor(tx, [current.id])).get(current.id);
  await publishLive(
    tx,
    'intervention.assigned',
    { interventionId: current.id, clientId: current.clientId },
    {
      staff: after
        ? `Demande #${current.id} confiée à ${after}`
        : `Demande #${current.id} : plus personne ne la traite`,
      ...(handler ? { client: `Votre demande #${current.id} est prise en charge par ${handler}` } : {}),
      actorStaffId: actor.id,
    },
  );
}

/**
 * « Prendre en charge » (status in_progress): the request becomes the actor's when nobody handles it. A technician may
 * not take one an admin gave to someone else; an admin taking it leaves it with whom they chose.
 */
export async function takeInCharge(tx: Tx, actor: StaffActor, current: Current, now: Date) {
  if (current.assignedStaffId === null) return setAssignee(tx, actor, current, actor.id, now);
  if (current.assignedStaffId !== actor.id && actor.role !== 'admin')
    throw new HttpError('ASSIGN_FORBIDDEN', ASSIGN_FORBIDDEN);
}

/**
 * Closing or cancelling follows the owner rule of « Prendre en charge »: an admin may; a technician only a request that
 * is theirs or that nobody holds.
 */
export function assertMayClose(actor: StaffActor, current: Pick<Current, 'assignedStaffId'>) {
  if (actor.role === 'admin') return;
  if (current.assignedStaffId !== null && current.assignedStaffId !== actor.id)
    throw new HttpError('ASSIGN_FORBIDDEN', CLOSE_FORBIDDEN);
}

/** PUT …/assignee: an admin gives the request to any active member or to nobody; a technician only takes a free one. */
export async function assignIntervention(db: Db, id: number, staffId: number | null, actor: StaffActor): Promise<void> {
  await db.transaction(async (tx) => {
    await holdAccountOf(tx, interventions, id);
    const [current] = await tx
      .select({
        id: interventions.id,
        assignedStaffId: interventions.assignedStaffId,
        status: interventions.status,
        clientId: interventions.clientId,
      })
      .from(interventions)
      .where(eq(interventions.id, id))
      .for('update');
    if (!current) throw notFound('Intervention introuvable');
    if (current.assignedStaffId === staffId) return;
    const mayTake = staffId === actor.id && current.assignedStaffId === null;
    if (actor.role !== 'admin' && !mayTake) throw new HttpError('ASSIGN_FORBIDDEN', ASSIGN_FORBIDDEN);
    if (current.status === 'completed' || current.status === 'cancelled') throw new HttpError('ALREADY_CLOSED', CLOSED);
    if (staffId !== null) {
      const [member] = await tx
        .select({ id: staffUsers.id })
        .from(staffUsers)
        .where(and(eq(staffUsers.id, staffId), isNull(staffUsers.disabledAt)));
      if (!member) throw new HttpError('ASSIGNEE_INVALID', ASSIGNEE_INVALID, { staffId: [ASSIGNEE_INVALID] });
    }
    await setAssignee(tx, actor, current, staffId, new Date());
  });
}

/**
 * The name clients read on each of these requests, in one query: of the member who handles it (the default), or who
 * opened it for them (`opener`); only the requests that have one.
 */
async function handlersFor(db: Tx, ids: number[], who: 'handler' | 'opener' = 'handler'): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const column = who === 'handler' ? interventions.assignedStaffId : interventions.openedByStaffId;
  const rows = await db
    .select({ id: interventions.id, firstName: staffUsers.firstName })
    .from(interventions)
    .innerJoin(staffUsers, eq(staffUsers.id, column))
    .where(inArray(interventions.id, ids));
  return new Map(rows.map((r) => [r.id, handlerName(r.firstName)]));
}
