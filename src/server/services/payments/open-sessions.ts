// A webhook can be lost (the server down for hours, a misconfigured endpoint): sessions still open an hour after they
// were made are asked about, and what the provider answers is applied as its event would have been.
import { and, asc, eq, lt } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { onlinePayments } from '#server/db/schema.ts';
import type { JobQueue, QueueDefinition } from '#server/jobs/job-queue.ts';
import { ensureDocumentPdf } from '#server/services/billing/documents.ts';
import type { OrderDeps } from '#server/services/orders/orders.ts';
import { applySession } from './confirmation.ts';
import type { PaymentProvider } from './provider.ts';

export const OPEN_SESSIONS_QUEUE = 'payment-open-sessions';
/** Every quarter of an hour; pg-boss's cron makes one job per occurrence whatever the number of instances. */
const OPEN_SESSIONS_CRON = '*/15 * * * *';
const ASK_AFTER_MS = 3600_000;
/** At most this many per run: the rest wait a quarter of an hour. */
const BATCH = 50;

/** Asks the provider about each session open for more than an hour; returns how many changed. */
async function checkOpenSessions(db: Db, provider: PaymentProvider, deps: OrderDeps, now: Date): Promise<number> {
  const open = await db
    .select({ id: onlinePayments.id })
    .from(onlinePayments)
    .where(and(eq(onlinePayments.status, 'open'), lt(onlinePayments.createdAt, new Date(now.getTime() - ASK_AFTER_MS))))
    .orderBy(asc(onlinePayments.createdAt))
    .limit(BATCH);
  let changed = 0;
  for (const { id } of open) {
    const session = await provider.stripe.checkout.sessions.retrieve(id);
    const news = session.status === 'complete' ? 'completed' : session.status === 'expired' ? 'expired' : null;
    if (!news) continue;
    const { outcome, invoice } = await db.transaction((tx) => applySession(tx, session, news, deps));
    if (invoice && deps.config && !deps.mail) await ensureDocumentPdf(db, deps.config, invoice);
    if (outcome !== 'waiting' && outcome !== 'ignored') changed++;
  }
  return changed;
}

export async function scheduleOpenSessionsCheck(jobs: JobQueue): Promise<void> {
  await jobs.schedule(OPEN_SESSIONS_QUEUE, OPEN_SESSIONS_CRON, { tz: 'Europe/Paris', missed: 'once' });
}

export function openSessionsDefinition(deps: {
  db: Db;
  provider: PaymentProvider;
  orders: OrderDeps;
  clock: () => Date;
}): QueueDefinition<object> {
  return {
    name: OPEN_SESSIONS_QUEUE,
    // One check at a time; a provider out of reach is asked again at the next quarter.
    options: { policy: 'singleton', retryLimit: 2, retryDelay: 120 },
    handler: async () => {
      await checkOpenSessions(deps.db, deps.provider, deps.orders, deps.clock());
    },
  };
}
