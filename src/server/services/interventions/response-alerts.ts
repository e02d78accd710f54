// Before a promise is missed: at a share of its time to respond (RESPONSE_WARNING_PERCENT), staff are warned live and
// by e-mail; past it (RESPONSE_ESCALATION_PERCENT of the time, 100 by default) the request is marked late and the
// admins are told. Each once per request, whatever the number of instances or scans (a conditional update claims it).
// The warning goes to the staff on duty (their working hours, shared/staff/duty-hours.ts); the escalation to every
// active admin, on duty or not: a missed promise is theirs to handle.
import { and, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import { clients, interventions, staffUsers } from '#server/db/schema.ts';
import type { JobQueue, QueueDefinition } from '#server/jobs/job-queue.ts';
import { getPlan, responsePromise } from '#shared/plans.ts';
import { addBusinessMinutes } from '#shared/calendar/support-clock.ts';
import type { MailQueue } from '#server/services/mail/outbox.ts';
import { publishLive } from '#server/services/live/events.ts';
import { accountNotErased, holdAccountOf } from '#server/services/clients/account-lock.ts';
import { onDutyAt } from '#shared/staff/duty-hours.ts';

export const RESPONSE_ALERTS_QUEUE = 'response-alerts';

type ResponseAlertSettings = { warnPercent: number; escalatePercent: number; staffEmail?: string };
type Deps = ResponseAlertSettings & { db: Db; mail: MailQueue; clock: () => Date };

/** A request waiting for its first response, as the scan reads it; its client's name and its title are read when alerted. */
type Candidate = {
  id: number;
  clientId: number;
  plan: NonNullable<(typeof interventions.$inferSelect)['plan']>;
  urgency: string;
  createdAt: Date;
  dueAt: Date;
  warnedAt: Date | null;
  escalatedAt: Date | null;
  assignedStaffId: number | null;
};

/** When a share of the promise is used up, in the business minutes of the request's own schedule (nights and holidays do not count). */
function momentAt(c: Candidate, percent: number): Date {
  if (percent === 100) return c.dueAt;
  const promise = responsePromise(getPlan(c.plan), c.urgency);
  return addBusinessMinutes(c.createdAt, (promise.minutes * percent) / 100, promise.schedule);
}

type Recipients = { addresses: string[]; staffIds: number[] | null; nobodyOnDuty: boolean };

/**
 * Who is told. Late: every active admin. Warned: the member handling it if they are on duty now, else every active
 * member on duty now (a member without hours of their own follows the plans' support hours, in which the warning
 * always falls); live to those members, by e-mail to those with an address. Nobody on duty: STAFF_EMAIL, and every
 * open back-office page (whoever has one open is at work). STAFF_EMAIL too when none of them has an address.
 */
async function recipients(
  tx: Tx,
  c: Candidate,
  late: boolean,
  staffEmail: string | undefined,
  now: Date,
): Promise<Recipients> {
  const active = await tx
    .select({ id: staffUsers.id, email: staffUsers.email, role: staffUsers.role, dutyHours: staffUsers.dutyHours })
    .from(staffUsers)
    .where(isNull(staffUsers.disabledAt));
  const onDuty = late ? active : active.filter((m) => onDutyAt(m.dutyHours, now));
  const holder = onDuty.find((m) => m.id === c.assignedStaffId);
  const chosen = late ? active.filter((m) => m.role === 'admin') : holder ? [holder] : onDuty;
  const addresses = chosen.flatMap((m) => (m.email ? [m.email] : []));
  return {
    addresses: addresses.length ? addresses : staffEmail ? [staffEmail] : [],
    staffIds: late || chosen.length === 0 ? null : chosen.map((m) => m.id),
    nobodyOnDuty: chosen.length === 0,
  };
}

async function assigneeName(tx: Tx, id: number | null) {
  if (id === null) return null;
  const [row] = await tx.select({ username: staffUsers.username }).from(staffUsers).where(eq(staffUsers.id, id));
  return row?.username ?? null;
}

async function alert(deps: Deps, c: Candidate, late: boolean, now: Date): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    // The client's account before the request (decision 045): an erasure that committed since the scan is seen below,
    // after the claim, and the alert is not sent (the claim stays, so the request is not taken up again).
    await holdAccountOf(tx, interventions, c.id);
    const column = late ? interventions.escalatedAt : interventions.warnedAt;
    // A late request is not warned afterwards: the warning is marked as done with the escalation.
    const claim = late ? { escalatedAt: now, warnedAt: c.warnedAt ?? now } : { warnedAt: now };
    const [claimed] = await tx
      .update(interventions)
      .set(claim)
      .where(and(eq(interventions.id, c.id), isNull(column), isNull(interventions.firstResponseAt)))
      .returning({ id: interventions.id });
    if (!claimed) return false;
    const [about] = await tx
      .select({ clientName: clients.name, title: interventions.title })
      .from(interventions)
      .innerJoin(clients, eq(clients.id, interventions.clientId))
      .where(and(eq(interventions.id, c.id), accountNotErased));
    if (!about) return false;
    const { clientName, title } = about;
    const kind = late ? ('staff_response_overdue' as const) : ('staff_response_due_soon' as const);
    const to = await recipients(tx, c, late, deps.staffEmail, now);
    const params = {
      interventionId: c.id,
      clientName,
      title,
      dueAt: c.dueAt.toISOString(),
      assignee: await assigneeName(tx, c.assignedStaffId),
      ...(!late && to.nobodyOnDuty ? { nobodyOnDuty: true } : {}),
    };
    for (const address of to.addresses) {
      const key = `intervention:${c.id}:${kind}:${address}`;
      await deps.mail.queue(tx, { key, kind, to: address, params, clientId: c.clientId });
    }
    await publishLive(
      tx,
      late ? 'intervention.overdue' : 'intervention.due_soon',
      { interventionId: c.id, clientId: c.clientId },
      late
        ? { staff: `En retard : demande #${c.id} de ${clientName}, sans réponse`, staffRole: 'admin' }
        : {
            staff: `Réponse bientôt due : demande #${c.id} de ${clientName}`,
            ...(to.staffIds ? { staffIds: to.staffIds } : {}),
          },
    );
    return true;
  });
}

/** One scan of the requests still waiting for their first response; returns the ids warned and escalated. */
export async function scanResponseAlerts(
  deps: Deps,
  now = deps.clock(),
): Promise<{ warned: number[]; escalated: number[] }> {
  const rows = await deps.db
    .select({
      id: interventions.id,
      clientId: interventions.clientId,
      plan: interventions.plan,
      urgency: interventions.urgency,
      createdAt: interventions.createdAt,
      dueAt: interventions.dueAt,
      warnedAt: interventions.warnedAt,
      escalatedAt: interventions.escalatedAt,
      assignedStaffId: interventions.assignedStaffId,
    })
    .from(interventions)
    // An erased client has nobody left to answer: their open requests raise no alert.
    .innerJoin(clients, and(eq(clients.id, interventions.clientId), accountNotErased))
    .where(
      and(
        isNull(interventions.firstResponseAt),
        inArray(interventions.status, ['pending', 'in_progress']),
        isNotNull(interventions.dueAt),
        isNotNull(interventions.plan),
        or(isNull(interventions.warnedAt), isNull(interventions.escalatedAt)),
      ),
    );
  const done = { warned: [] as number[], escalated: [] as number[] };
  for (const row of rows as Candidate[]) {
    if (row.escalatedAt === null && now >= momentAt(row, deps.escalatePercent)) {
      if (await alert(deps, row, true, now)) done.escalated.push(row.id);
    } else if (row.warnedAt === null && now >= momentAt(row, deps.warnPercent)) {
      if (await alert(deps, row, false, now)) done.warned.push(row.id);
    }
  }
  return done;
}

/** Every minute, kept by pg-boss's cron: one scan per minute whatever the number of instances. */
export async function scheduleResponseAlerts(jobs: JobQueue): Promise<void> {
  await jobs.schedule(RESPONSE_ALERTS_QUEUE, '* * * * *', { tz: 'Europe/Paris' });
}

export function responseAlertsDefinition(deps: Deps): QueueDefinition<object> {
  return {
    name: RESPONSE_ALERTS_QUEUE,
    options: { policy: 'singleton', retryLimit: 1, retryDelay: 30 },
    handler: async () => {
      await scanResponseAlerts(deps);
    },
  };
}
