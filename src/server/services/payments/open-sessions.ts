// A webhook can be lost (the server down for hours, a misconfigured endpoint): sessions still open an hour after they
// were made are asked about, and what the provider answers is applied as its event would have been.
import { and, asc, eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { onlinePayments } from '#server/db/schema.ts';
import type { JobQueue, QueueDefinition } from '#server/jobs/job-queue.ts';
import { ensureDocumentPdf } from '#server/services/billing/documents.ts';
import type { OrderDeps } from '#server/services/orders/orders.ts';
import { applySession } from './confirmation.ts';
import { cardRefunds, type PaymentProvider } from './provider.ts';
import { resumeRefunds } from '#server/services/billing/refund-intents.ts';

export const OPEN_SESSIONS_QUEUE = 'payment-open-sessions';
/** Every quarter of an hour; pg-boss's cron makes one job per occurrence whatever the number of instances. */
const OPEN_SESSIONS_CRON = '*/15 * * * *';
const ASK_AFTER_MS = 3600_000;
/** At most this many per run: the rest wait a quarter of an hour. */
const BATCH = 50;

type Check = {
  db: Db;
  provider: PaymentProvider;
  orders: OrderDeps;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** the sessions whose question failed in this process: logged once, asked again after the others */
  failing: Set<string>;
};

/**
 * Asks the provider about each session open for more than an hour; returns how many changed. A session the provider
 * cannot answer about is skipped (logged the first time) and asked last from then on, so it never holds up the others.
 */
async function checkOpenSessions({ db, provider, orders: deps, log, failing }: Check, now: Date): Promise<number> {
  const open = await db
    .select({ id: onlinePayments.id })
    .from(onlinePayments)
    .where(and(eq(onlinePayments.status, 'open'), lt(onlinePayments.createdAt, new Date(now.getTime() - ASK_AFTER_MS))))
    .orderBy(asc(onlinePayments.createdAt))
    .limit(BATCH + failing.size);
  const batch = [...open.filter((s) => !failing.has(s.id)), ...open.filter((s) => failing.has(s.id))].slice(0, BATCH);
  let changed = 0;
  for (const { id } of batch) {
    let session;
    try {
      session = await provider.stripe.checkout.sessions.retrieve(id);
      failing.delete(id);
    } catch (error) {
      if (!failing.has(id))
        log.warn({ err: error, sessionId: id }, 'open payment session: the provider did not answer');
      failing.add(id);
      continue;
    }
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

export function openSessionsDefinition(deps: Omit<Check, 'failing'> & { clock: () => Date }): QueueDefinition<object> {
  const failing = new Set<string>();
  return {
    name: OPEN_SESSIONS_QUEUE,
    // One check at a time; a provider out of reach is asked again at the next quarter.
    options: { policy: 'singleton', retryLimit: 2, retryDelay: 120 },
    handler: async () => {
      await checkOpenSessions({ ...deps, failing }, deps.clock());
      // Refunds a crash or a lost answer left half-way (docs/decisions/040): the same quarter-hourly look.
      const { config } = deps.orders;
      if (config) {
        const notes = await resumeRefunds(
          deps.db,
          cardRefunds(deps.provider),
          { ...deps.orders, config },
          deps.clock(),
        );
        for (const note of notes) await ensureDocumentPdf(deps.db, config, note);
      }
    },
  };
}
