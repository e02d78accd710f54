// Fixed-term subscriptions never renew by themselves: 14 and 3 days before the end, the client is reminded, once.
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import { clients, orders } from '#server/db/schema.ts';
import type { JobQueue, QueueDefinition } from '#server/jobs/job-queue.ts';
import { todayIso } from '#shared/format.ts';
import { RENEWAL_REMINDER_DAYS } from '#shared/subscriptions/subscription-labels.ts';
import type { PlanId } from '#shared/plans.ts';
import type { MailQueue } from '#server/services/mail/outbox.ts';
import { addDays, daysBetween } from '#server/services/calendar/paris-calendar.ts';
import { ERASED_EMAILS, isErasedEmail } from '#shared/clients/erased-account.ts';

export const REMINDERS_QUEUE = 'renewal-reminders';
/** Every morning at 9:00, Paris time (the cron of pg-boss: one job per day whatever the number of instances). */
const REMINDERS_CRON = '0 9 * * *';
const REMINDERS_TIME_ZONE = 'Europe/Paris';

type Due = {
  orderId: number;
  owner: string;
  clientId: number | null;
  email: string;
  name: string;
  plan: PlanId;
  endsOn: string;
};

/**
 * Subscriptions whose last day is between `from` and `to` and after which nothing is booked: per client account, or
 * per e-mail for orders without one, as they chain (services/orders/subscriptions.ts). An erased client is never written to.
 */
async function subscriptionsEndingBetween(db: Db, from: string, to: string): Promise<Due[]> {
  const { rows } = await db.execute<Due>(sql`
    select o.id as "orderId", coalesce('client-' || o.client_id, 'email-' || o.email_key) as owner,
      o.client_id as "clientId",
      coalesce(c.email, o.client_email) as email, coalesce(c.name, o.client_name) as name, o.plan,
      o.ends_on::text as "endsOn"
    from orders o left join clients c on c.id = o.client_id
    where o.payment_status = 'paid' and o.ends_on between ${from}::date and ${to}::date
      and coalesce(c.email, o.client_email) not like ${ERASED_EMAILS}
      and not exists (
        select 1 from orders n
        where n.payment_status = 'paid' and n.starts_on > o.ends_on and n.id <> o.id
          and (case when o.client_id is null then n.client_id is null and n.email_key = o.email_key else n.client_id = o.client_id end)
      )`);
  return rows;
}

/**
 * Who the reminder goes to, as they are when it is queued: the account's name and address, the account held (FOR KEY
 * SHARE, docs/decisions/045) so that an erasure running now finishes first; none once it is erased, which the scan
 * could not see if the erasure committed after it. An order without an account has only its own, unless it has been
 * given to an account since (attachEarlierOrders: a registration validated, or the erasure of the account with its
 * e-mail). The order is held (FOR SHARE) until the reminder is queued: an erasure either finds the reminder among the
 * person's e-mails or has given the order to the account first, and the reminder then reads that account.
 */
async function addresseeNow(tx: Tx, due: Due): Promise<{ email: string; name: string } | null> {
  if (due.clientId === null) {
    const [order] = await tx
      .select({ clientId: orders.clientId })
      .from(orders)
      .where(eq(orders.id, due.orderId))
      .for('share');
    if (!order) return null;
    // Read without waiting: what gave the order to the account has committed (the order's lock waited for it).
    if (order.clientId !== null) return accountAddress(tx, order.clientId);
    return due;
  }
  return accountAddress(tx, due.clientId, 'key share');
}

async function accountAddress(tx: Tx, clientId: number, hold?: 'key share') {
  const read = tx.select({ email: clients.email, name: clients.name }).from(clients).where(eq(clients.id, clientId));
  const [account] = hold ? await read.for(hold) : await read;
  return account && !isErasedEmail(account.email) ? account : null;
}

/**
 * Queues the reminders due on `today` (Paris): the 14-day one for subscriptions ending in 4 to 14 days, the 3-day one
 * for those ending in 0 to 3 days, each unless already sent. The unique outbox key (owner, end, stage) makes a rerun,
 * a restart or a second instance send nothing twice; a day the server was down is caught up the next morning.
 */
async function queueRenewalReminders(db: Db, mail: MailQueue, today: string): Promise<number> {
  let queued = 0;
  const stages = [...RENEWAL_REMINDER_DAYS].sort((a, b) => b - a);
  for (const [index, stage] of stages.entries()) {
    const after = stages[index + 1] ?? -1;
    for (const due of await subscriptionsEndingBetween(db, addDays(today, after + 1), addDays(today, stage))) {
      const sent = await db.transaction(async (tx) => {
        const to = await addresseeNow(tx, due);
        if (!to) return false;
        return mail.queue(tx, {
          key: `renewal:${due.owner}:${due.endsOn}:${stage}`,
          kind: 'renewal_reminder',
          to: to.email,
          clientId: due.clientId,
          params: { name: to.name, planId: due.plan, endsOn: due.endsOn, daysLeft: daysBetween(today, due.endsOn) },
        });
      });
      if (sent) queued++;
    }
  }
  return queued;
}

/** The daily scan, kept by pg-boss's cron: one row per schedule, so every instance registering it changes nothing. */
export async function scheduleRenewalReminders(jobs: JobQueue): Promise<void> {
  await jobs.schedule(REMINDERS_QUEUE, REMINDERS_CRON, { tz: REMINDERS_TIME_ZONE, missed: 'once' });
}

export function renewalReminderDefinition(deps: {
  db: Db;
  mail: MailQueue;
  clock: () => Date;
}): QueueDefinition<object> {
  return {
    name: REMINDERS_QUEUE,
    // One scan at a time; a failed scan is tried again a few times within the hour.
    options: { policy: 'singleton', retryLimit: 5, retryDelay: 300 },
    handler: async () => {
      await queueRenewalReminders(deps.db, deps.mail, todayIso(deps.clock()));
    },
  };
}
