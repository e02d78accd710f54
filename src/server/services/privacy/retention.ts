// The nightly purge of every period in the retention table that the outbox's and the proofs' own jobs do not cover.
import { and, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import {
  auditLog,
  clientSessions,
  inboxItems,
  interventionMessages,
  interventions,
  loginThrottle,
  passwordResetTokens,
  paymentEvents,
  screenShares,
} from '#server/db/schema.ts';
import type { JobQueue, QueueDefinition } from '#server/jobs/job-queue.ts';
import { pruneLive } from '#server/services/live/events.ts';
import { pruneSignals } from '#server/services/live/signals.ts';
import { RETENTION, retentionLimit, type RetentionKey } from '#shared/privacy/retention-periods.ts';

export const PRIVACY_RETENTION_QUEUE = 'privacy-retention';
/** every night at 4:00, Paris time, after the outbox's and the proofs' purges */
const PRIVACY_RETENTION_CRON = '0 4 * * *';

type JobKey = { [K in RetentionKey]: (typeof RETENTION)[K]['by'] extends 'job' ? K : never }[RetentionKey];
/** purged by their own jobs: services/mail/retention.ts and services/devices/proof-retention.ts */
export const PURGED_ELSEWHERE = ['outboxMessages', 'outboxSecrets', 'deviceProofs'] as const satisfies JobKey[];
/** One purge: what it removed or blanked (rows), from the rows past their period at `now`. */
type Purge = (tx: Tx, now: Date) => Promise<number>;

const limit = (key: RetentionKey, now: Date) => retentionLimit(RETENTION[key], now);

/** A request is closed once completed or cancelled; its last change (updated_at) is when it was closed. */
const closedBefore = (before: Date) =>
  and(inArray(interventions.status, ['completed', 'cancelled']), lt(interventions.updatedAt, before));

const rows = (returned: unknown[]) => returned.length;

const PURGES: Record<Exclude<JobKey, (typeof PURGED_ELSEWHERE)[number]>, Purge> = {
  // A session's period is its lifetime: once expired it opens nothing and goes.
  clientSessions: async (tx, now) =>
    rows(
      await tx.delete(clientSessions).where(lt(clientSessions.expiresAt, now)).returning({ id: clientSessions.idHash }),
    ),
  passwordResets: async (tx, now) =>
    rows(
      await tx
        .delete(passwordResetTokens)
        .where(lt(passwordResetTokens.expiresAt, now))
        .returning({ id: passwordResetTokens.id }),
    ),
  loginThrottle: async (tx, now) =>
    rows(
      await tx
        .delete(loginThrottle)
        .where(lt(loginThrottle.lastAttemptAt, limit('loginThrottle', now)))
        .returning({ id: loginThrottle.keyHash }),
    ),
  // The request's own updated_at is left alone: it dates the closure the longer periods count from.
  remoteIds: async (tx, now) =>
    rows(
      await tx
        .update(interventions)
        .set({ remoteId: null, remoteTool: null })
        .where(and(isNotNull(interventions.remoteId), closedBefore(limit('remoteIds', now))))
        .returning({ id: interventions.id }),
    ),
  // The attachments go with their message (on delete cascade).
  requestMessages: async (tx, now) =>
    rows(
      await tx
        .delete(interventionMessages)
        .where(
          inArray(
            interventionMessages.interventionId,
            tx
              .select({ id: interventions.id })
              .from(interventions)
              .where(closedBefore(limit('requestMessages', now))),
          ),
        )
        .returning({ id: interventionMessages.id }),
    ),
  // With the request go its rating and screen-share records (on delete cascade).
  requests: async (tx, now) =>
    rows(
      await tx
        .delete(interventions)
        .where(closedBefore(limit('requests', now)))
        .returning({ id: interventions.id }),
    ),
  screenShares: async (tx, now) =>
    rows(
      await tx
        .delete(screenShares)
        .where(lt(screenShares.endedAt, limit('screenShares', now)))
        .returning({ id: screenShares.id }),
    ),
  liveSignals: pruneSignals,
  liveEvents: pruneLive,
  contactMessages: async (tx, now) =>
    rows(
      await tx
        .delete(inboxItems)
        .where(and(sql`${inboxItems.kind} = 'contact'`, lt(inboxItems.createdAt, limit('contactMessages', now))))
        .returning({ id: inboxItems.id }),
    ),
  // A registration that became an account is the account's record (kept with it); the others go.
  registrations: async (tx, now) =>
    rows(
      await tx
        .delete(inboxItems)
        .where(
          and(
            sql`${inboxItems.kind} = 'registration'`,
            isNull(inboxItems.clientId),
            lt(inboxItems.createdAt, limit('registrations', now)),
          ),
        )
        .returning({ id: inboxItems.id }),
    ),
  // The log is append-only (drizzle/0014, 0038): this transaction declares the purge, and the database still
  // refuses to delete an entry younger than six months, whatever the date asked.
  auditLog: async (tx, now) => {
    await tx.execute(sql`select set_config('rfs.audit_retention', 'on', true)`);
    return rows(
      await tx
        .delete(auditLog)
        .where(lt(auditLog.createdAt, limit('auditLog', now)))
        .returning({ id: auditLog.id }),
    );
  },
  paymentEvents: async (tx, now) =>
    rows(
      await tx
        .delete(paymentEvents)
        .where(lt(paymentEvents.receivedAt, limit('paymentEvents', now)))
        .returning({ id: paymentEvents.id }),
    ),
};

export const PRIVACY_PURGES = Object.keys(PURGES) as (keyof typeof PURGES)[];

/**
 * Runs every purge, each in its own transaction (one failing leaves the others done; the job is retried whole, and a
 * purge run twice finds nothing left). Returns the rows each one removed or blanked.
 */
export async function purgePastPeriods(db: Db, now: Date): Promise<Partial<Record<RetentionKey, number>>> {
  const done: Partial<Record<RetentionKey, number>> = {};
  for (const key of PRIVACY_PURGES) done[key] = await db.transaction((tx) => PURGES[key](tx, now));
  return done;
}

export function privacyRetentionDefinition(deps: { db: Db; clock: () => Date }): QueueDefinition<object> {
  return {
    name: PRIVACY_RETENTION_QUEUE,
    options: { policy: 'singleton', retryLimit: 3, retryDelay: 600 },
    handler: async () => {
      await purgePastPeriods(deps.db, deps.clock());
    },
  };
}

export async function schedulePrivacyRetention(jobs: JobQueue): Promise<void> {
  await jobs.schedule(PRIVACY_RETENTION_QUEUE, PRIVACY_RETENTION_CRON, { tz: 'Europe/Paris', missed: 'once' });
}
