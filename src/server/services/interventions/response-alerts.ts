// Before a promise is missed: at a share of its time to respond (RESPONSE_WARNING_PERCENT), staff are warned live and
// by e-mail; past it (RESPONSE_ESCALATION_PERCENT of the time, 100 by default) the request is marked late and the
// admins are told. Each once per request, whatever the number of instances or scans (a conditional update claims it).
import { and, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { clients, interventions, staffUsers } from '../../db/schema';
import type { JobQueue, QueueDefinition } from '../../jobs/job-queue';
import { getPlan, responsePromise } from '../../../shared/plans';
import { addBusinessMinutes } from '../../../shared/support-clock';
import type { MailQueue } from '../mail/outbox';
import { publishLive } from '../live/events';

export const RESPONSE_ALERTS_QUEUE = 'response-alerts';

type ResponseAlertSettings = { warnPercent: number; escalatePercent: number; staffEmail?: string };
type Deps = ResponseAlertSettings & { db: Db; mail: MailQueue; clock: () => Date };

type Candidate = {
  id: number; clientId: number; clientName: string; title: string; plan: NonNullable<typeof interventions.$inferSelect['plan']>;
  urgency: string; createdAt: Date; dueAt: Date; warnedAt: Date | null; escalatedAt: Date | null; assignedStaffId: number | null;
};

/** When a share of the promise is used up, in the business minutes of the request's own schedule (nights and holidays do not count). */
function momentAt(c: Candidate, percent: number): Date {
  if (percent === 100) return c.dueAt;
  const promise = responsePromise(getPlan(c.plan), c.urgency);
  return addBusinessMinutes(c.createdAt, (promise.minutes * percent) / 100, promise.schedule);
}

/** Who is told: the member handling it, else every active member with an address; admins only for a late one. STAFF_EMAIL when none has one. */
async function recipients(tx: Tx, c: Candidate, late: boolean, staffEmail: string | undefined) {
  const active = await tx.select({ id: staffUsers.id, email: staffUsers.email, role: staffUsers.role, username: staffUsers.username })
    .from(staffUsers).where(and(isNull(staffUsers.disabledAt), isNotNull(staffUsers.email)));
  const holder = active.find((m) => m.id === c.assignedStaffId);
  const chosen = late ? active.filter((m) => m.role === 'admin') : holder ? [holder] : active;
  const addresses = chosen.map((m) => m.email!);
  return addresses.length ? addresses : staffEmail ? [staffEmail] : [];
}

async function assigneeName(tx: Tx, id: number | null) {
  if (id === null) return null;
  const [row] = await tx.select({ username: staffUsers.username }).from(staffUsers).where(eq(staffUsers.id, id));
  return row?.username ?? null;
}

async function alert(deps: Deps, c: Candidate, late: boolean, now: Date): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const column = late ? interventions.escalatedAt : interventions.warnedAt;
    // A late request is not warned afterwards: the warning is marked as done with the escalation.
    const claim = late ? { escalatedAt: now, warnedAt: c.warnedAt ?? now } : { warnedAt: now };
    const [claimed] = await tx.update(interventions).set(claim)
      .where(and(eq(interventions.id, c.id), isNull(column), isNull(interventions.firstResponseAt))).returning({ id: interventions.id });
    if (!claimed) return false;
    const kind = late ? 'staff_response_overdue' as const : 'staff_response_due_soon' as const;
    const params = { interventionId: c.id, clientName: c.clientName, title: c.title, dueAt: c.dueAt.toISOString(), assignee: await assigneeName(tx, c.assignedStaffId) };
    for (const to of await recipients(tx, c, late, deps.staffEmail)) {
      await deps.mail.queue(tx, { key: `intervention:${c.id}:${kind}:${to}`, kind, to, params });
    }
    await publishLive(tx, late ? 'intervention.overdue' : 'intervention.due_soon', { interventionId: c.id, clientId: c.clientId }, late
      ? { staff: `En retard : demande #${c.id} de ${c.clientName}, sans réponse`, staffRole: 'admin' }
      : { staff: `Réponse bientôt due : demande #${c.id} de ${c.clientName}` });
    return true;
  });
}

/** One scan of the requests still waiting for their first response; returns the ids warned and escalated. */
export async function scanResponseAlerts(deps: Deps, now = deps.clock()): Promise<{ warned: number[]; escalated: number[] }> {
  const rows = await deps.db.select({
    id: interventions.id, clientId: interventions.clientId, clientName: clients.name, title: interventions.title, plan: interventions.plan,
    urgency: interventions.urgency, createdAt: interventions.createdAt, dueAt: interventions.dueAt, warnedAt: interventions.warnedAt,
    escalatedAt: interventions.escalatedAt, assignedStaffId: interventions.assignedStaffId,
  }).from(interventions).innerJoin(clients, eq(clients.id, interventions.clientId))
    .where(and(
      isNull(interventions.firstResponseAt), inArray(interventions.status, ['pending', 'in_progress']),
      isNotNull(interventions.dueAt), isNotNull(interventions.plan), or(isNull(interventions.warnedAt), isNull(interventions.escalatedAt)),
    ));
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
    handler: async () => { await scanResponseAlerts(deps); },
  };
}
