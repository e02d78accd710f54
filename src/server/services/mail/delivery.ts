import { and, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { outbox } from '#server/db/schema.ts';
import type { Poller } from '#server/jobs/job-queue.ts';
import type { SiteInfo } from '#shared/site.ts';
import type { MailKind } from '#shared/mail/mail-labels.ts';
import type { Mail, MailAttachment, Mailer } from './mailer.ts';
import { KINDS_WITH_SECRET, type MailParams } from './mail-params.ts';
import type { SecretBox } from './secret-box.ts';

/** The mail workers, polled by the job queue (jobs/job-queue.ts): the outbox table is their queue. */
export const MAIL_DELIVERY = 'mail-delivery';
/**
 * How long a worker holds a message while handing it to the SMTP server: the transport gives up well before (see
 * mailer.ts). Another worker takes it up after that time only, when the one that held it died mid-send.
 */
const CLAIM_SECONDS = 300;
/**
 * 10 retries with doubling delays from 30 s up to 1 h: about 4 hours before a message is given up as failed and shown
 * to staff in « Courriels », where they can send it again.
 */
export const MAIL_RETRY_LIMIT = 10;
const retryDelaySeconds = (attempt: number) => Math.min(30 * 2 ** (attempt - 1), 3600);
/** Messages handed to the SMTP server at once by one instance: as many as the transport keeps connections (mailer.ts). */
const LANES = 4;
/** while some lanes are busy, how often the free ones look for a message queued elsewhere or a retry come due */
const LOOK_AGAIN_MS = 1000;

export type DeliveryDeps = {
  db: Db;
  mailer: Mailer;
  box: SecretBox;
  config: Config;
  site: SiteInfo;
  log: FastifyBaseLogger;
  /** the documents some messages carry, read when they are sent (billing's invoices and credit notes, the CGV) */
  documents?: Partial<MailDocuments>;
};

/**
 * A message's completion at sending time: its final parameters and attachments. The domain that owns the document
 * provides it (services/billing/document-mails.ts, services/orders/cgv-pdf.ts), so mail never reaches up into it.
 */
type Completion<K extends MailKind> = (
  params: MailParams[K],
) => Promise<{ params: object; attachments: MailAttachment[] }>;
export type MailDocuments = {
  invoice: Completion<'invoice'>;
  credit_note: Completion<'credit_note'>;
  contract_confirmation: Completion<'contract_confirmation'>;
};
const completed = (kind: MailKind): kind is keyof MailDocuments =>
  kind === 'invoice' || kind === 'credit_note' || kind === 'contract_confirmation';

type OutboxRow = typeof outbox.$inferSelect;

/** What the SMTP server said, short enough for the tab and with nothing of the message itself. */
function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, ' ').slice(0, 500);
}

async function compose(deps: DeliveryDeps, row: OutboxRow): Promise<Mail> {
  const secret = row.secret === null ? undefined : deps.box.open(row.secret);
  if (KINDS_WITH_SECRET.has(row.kind) && secret === undefined)
    throw new Error('Le secret de ce message a été effacé : il ne peut plus être envoyé');
  const complete = completed(row.kind) ? deps.documents?.[row.kind] : undefined;
  const { params, attachments } = complete
    ? await complete(row.params as never)
    : { params: row.params, attachments: [] as MailAttachment[] };
  // The templates load with the first message (catalogue.tsx); a failed load fails this attempt, which is retried.
  const { renderMail } = await import('./templates/catalogue.tsx');
  const { html, text } = await renderMail(row.kind, params as never, deps.site, secret);
  return { to: row.recipient, subject: row.subject, text, html, attachments };
}

/**
 * A message on its way whose time has come, written as the partial index outbox_due_idx says it, so that PostgreSQL
 * reads only the messages on their way.
 */
const dueNow = and(sql`${outbox.status} in ('queued', 'sending')`, lte(outbox.nextAttemptAt, sql`now()`));

/**
 * Takes the next message due, if any: `sending` until its claim lapses. SKIP LOCKED lets the lanes of every instance
 * take different messages at once; the claim keeps a message from being sent twice.
 */
async function claimNext(db: Db): Promise<OutboxRow | undefined> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        dueNow,
        // A lapsed claim of the previous release's worker (rolling upgrade) lapses by its own column.
        or(eq(outbox.status, 'queued'), isNull(outbox.claimedUntil), lte(outbox.claimedUntil, sql`now()`)),
        // One whose every attempt was cut short is given up (abandonCutShort), not tried again.
        or(eq(outbox.status, 'queued'), lte(outbox.attempts, MAIL_RETRY_LIMIT)),
      ),
    )
    .orderBy(outbox.nextAttemptAt)
    .limit(1)
    .for('update', { skipLocked: true });
  const claimEnd = sql`now() + make_interval(secs => ${CLAIM_SECONDS})`;
  const [row] = await db
    .update(outbox)
    .set({
      status: 'sending',
      attempts: sql`${outbox.attempts} + 1`,
      nextAttemptAt: claimEnd,
      claimedUntil: claimEnd,
      updatedAt: new Date(),
    })
    .where(inArray(outbox.id, due))
    .returning();
  return row;
}

/**
 * A message whose worker died during each of its attempts (a crash, a send hanging past its claim) would otherwise be
 * taken up forever: after the last attempt it shows as failed, as one the SMTP server kept refusing.
 */
async function abandonCutShort(deps: DeliveryDeps): Promise<void> {
  const abandoned = await deps.db
    .update(outbox)
    .set({
      status: 'failed',
      claimedUntil: null,
      updatedAt: new Date(),
      lastError: sql`coalesce(${outbox.lastError}, ${CUT_SHORT})`,
    })
    .where(and(dueNow, eq(outbox.status, 'sending'), gt(outbox.attempts, MAIL_RETRY_LIMIT)))
    .returning({ id: outbox.id });
  for (const { id } of abandoned) deps.log.error({ outboxId: id }, 'mail given up: every attempt was cut short');
}
const CUT_SHORT = 'Chaque tentative d’envoi a été interrompue (le serveur s’est arrêté pendant l’envoi)';

/** The outcome is written only if this worker still holds the message (its claim did not lapse to another). */
const stillHeld = (row: OutboxRow) =>
  and(eq(outbox.id, row.id), eq(outbox.status, 'sending'), eq(outbox.attempts, row.attempts));

/** Sends one claimed message; a failure goes back to wait for its retry, or, every retry used, shows as failed. */
async function deliver(deps: DeliveryDeps, row: OutboxRow): Promise<void> {
  try {
    await deps.mailer.send(await compose(deps, row));
  } catch (error) {
    const reason = describe(error);
    const retry = row.attempts <= MAIL_RETRY_LIMIT;
    await deps.db
      .update(outbox)
      .set(
        retry
          ? {
              status: 'queued',
              nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(row.attempts)})`,
              claimedUntil: null,
              lastError: reason,
              updatedAt: new Date(),
            }
          : { status: 'failed', claimedUntil: null, lastError: reason, updatedAt: new Date() },
      )
      .where(stillHeld(row));
    if (retry) deps.log.warn({ outboxId: row.id, attempt: row.attempts, reason }, 'mail not sent; retried later');
    else deps.log.error({ outboxId: row.id, reason }, 'mail given up after every retry');
    return;
  }
  // The secret goes with the sending; the last message to an erased person keeps no trace of their address.
  const erased = row.kind === 'erasure_done' ? { recipient: 'adresse effacée', params: {} } : {};
  await deps.db
    .update(outbox)
    .set({ status: 'sent', sentAt: new Date(), claimedUntil: null, secret: null, updatedAt: new Date(), ...erased })
    .where(stillHeld(row));
}

export function mailDelivery(deps: DeliveryDeps): Poller {
  /** each run's way to end its wait for a free lane early: a message was just queued on this instance */
  const nudges = new Set<() => void>();
  const safely = (row: OutboxRow) =>
    deliver(deps, row).catch((error: unknown) => {
      // Its outcome could not be written (the database went away): the claim lapses and another attempt sends it.
      deps.log.error({ outboxId: row.id, err: { message: describe(error) } }, 'mail outcome not recorded');
    });
  return {
    name: MAIL_DELIVERY,
    wake: () => nudges.forEach((nudge) => nudge()),
    /**
     * Keeps up to LANES messages on their way until none is due: a free lane takes the next one as soon as it frees,
     * when a message is queued here, or at the next second's look (one queued by another instance, a retry come due).
     */
    async runDue(keepGoing) {
      const sending = new Set<Promise<void>>();
      let handled = 0;
      try {
        await abandonCutShort(deps);
        for (;;) {
          while (sending.size < LANES && keepGoing()) {
            const row = await claimNext(deps.db);
            if (!row) break;
            const delivery: Promise<void> = safely(row).finally(() => sending.delete(delivery));
            sending.add(delivery);
            handled++;
          }
          if (sending.size === 0) return handled;
          let timer: NodeJS.Timeout | undefined;
          let nudge = () => {};
          await Promise.race([
            ...sending,
            new Promise<void>((resolve) => {
              nudge = resolve;
              nudges.add(nudge);
              timer = setTimeout(resolve, LOOK_AGAIN_MS);
            }),
          ]);
          clearTimeout(timer);
          nudges.delete(nudge);
        }
      } finally {
        // A claim that failed (the database away) still lets the messages already with the server finish first.
        await Promise.all(sending);
      }
    },
    async skipBackoff() {
      const moved = await deps.db
        .update(outbox)
        .set({ nextAttemptAt: sql`now()` })
        .where(and(eq(outbox.status, 'queued'), gt(outbox.nextAttemptAt, sql`now()`)))
        .returning({ id: outbox.id });
      return moved.length;
    },
  };
}
