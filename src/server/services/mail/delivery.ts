import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { JobWithMetadata } from 'pg-boss';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';
import type { QueueDefinition } from '../../jobs/job-queue';
import type { SiteInfo } from '../../../shared/site';
import { documentData, ensureDocumentPdf, loadDocument, orderInvoice } from '../billing/invoices';
import type { Mail, MailAttachment, Mailer } from './mailer';
import { KINDS_WITH_SECRET, type MailParams } from './mail-params';
import { MAIL_DEAD_QUEUE, MAIL_QUEUE, type MailJob } from './outbox';
import type { SecretBox } from './secret-box';

/**
 * How long a worker holds a message while handing it to the SMTP server: the transport gives up well before (see
 * mailer.ts), and pg-boss retries the job after the same time. Meanwhile another run of the job (a retry of an attempt
 * that seemed lost) finds the claim and waits instead of sending a second copy.
 */
const CLAIM_SECONDS = 300;
/**
 * 10 retries with doubling delays from 30 s up to 1 h: about 4 hours before a message is given up as failed and shown
 * to staff. pg-boss moves it to the dead letter queue, whose worker marks the outbox row.
 */
export const MAIL_RETRIES = { retryLimit: 10, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: CLAIM_SECONDS } as const;

export type DeliveryDeps = { db: Db; mailer: Mailer; box: SecretBox; config: Config; site: SiteInfo; log: FastifyBaseLogger };

type OutboxRow = typeof outbox.$inferSelect;

/** What the SMTP server said, short enough for the tab and with nothing of the message itself. */
function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, ' ').slice(0, 500);
}

/** An invoice message: its figures and its PDF, the issued (frozen) invoice of the order, read when it is sent. */
async function withInvoice(deps: DeliveryDeps, params: MailParams['invoice']) {
  const row = await orderInvoice(deps.db, params.orderId);
  if (!row) throw new Error(`La commande ${params.orderId} n'a pas de facture émise : elle ne peut pas être jointe`);
  const invoice = documentData(row, deps.config);
  const attachment: MailAttachment = {
    filename: `Facture_${row.number}.pdf`, content: await ensureDocumentPdf(deps.db, deps.config, row), contentType: 'application/pdf',
  };
  const figures = { price: invoice.totals.ttc, startsOn: invoice.periodStart, endsOn: invoice.periodEnd, gift: invoice.gifted };
  return { params: { ...params, figures }, attachments: [attachment] };
}

/** A credit note message: the stored PDF of the very credit note it announces. */
async function withCreditNote(deps: DeliveryDeps, params: MailParams['credit_note']) {
  const row = await loadDocument(deps.db, params.documentId);
  if (!row) throw new Error(`L’avoir ${params.number} est introuvable : il ne peut pas être joint`);
  const attachment: MailAttachment = {
    filename: `Avoir_${row.number}.pdf`, content: await ensureDocumentPdf(deps.db, deps.config, row), contentType: 'application/pdf',
  };
  return { params, attachments: [attachment] };
}

async function compose(deps: DeliveryDeps, row: OutboxRow): Promise<Mail> {
  const secret = row.secret === null ? undefined : deps.box.open(row.secret);
  if (KINDS_WITH_SECRET.has(row.kind) && secret === undefined) throw new Error('Le secret de ce message a été effacé : il ne peut plus être envoyé');
  const { params, attachments } = row.kind === 'invoice'
    ? await withInvoice(deps, row.params as MailParams['invoice'])
    : row.kind === 'credit_note'
      ? await withCreditNote(deps, row.params as MailParams['credit_note'])
      : { params: row.params, attachments: [] };
  // The templates load with the first message (catalogue.tsx); a failed load fails this attempt, which is retried.
  const { renderMail } = await import('./templates/catalogue');
  const { html, text } = await renderMail(row.kind, params as never, deps.site, secret);
  return { to: row.recipient, subject: row.subject, text, html, attachments };
}

/** Sends one outbox message at most once, however many times its job runs. */
async function deliver(deps: DeliveryDeps, job: JobWithMetadata<MailJob>): Promise<void> {
  const id = job.data.outboxId;
  const now = new Date();
  const [row] = await deps.db.update(outbox)
    .set({ status: 'sending', attempts: sql`${outbox.attempts} + 1`, claimedUntil: new Date(now.getTime() + CLAIM_SECONDS * 1000), updatedAt: now })
    .where(and(eq(outbox.id, id), or(eq(outbox.status, 'queued'), and(eq(outbox.status, 'sending'), lt(outbox.claimedUntil, now)))))
    .returning();
  if (!row) {
    const [current] = await deps.db.select({ status: outbox.status }).from(outbox).where(eq(outbox.id, id));
    // Sent, cancelled, failed (staff decide) or gone: this run has nothing to do.
    if (current?.status !== 'sending') return;
    throw new Error('Ce message est déjà en cours d’envoi par un autre processus');
  }
  try {
    await deps.mailer.send(await compose(deps, row));
  } catch (error) {
    await deps.db.update(outbox).set({ status: 'queued', claimedUntil: null, lastError: describe(error), updatedAt: new Date() })
      .where(and(eq(outbox.id, id), eq(outbox.status, 'sending')));
    throw error;
  }
  // The secret goes with the sending; the last message to an erased person keeps no trace of their address.
  const erased = row.kind === 'erasure_done' ? { recipient: 'adresse effacée', params: {} } : {};
  await deps.db.update(outbox).set({ status: 'sent', sentAt: new Date(), claimedUntil: null, secret: null, updatedAt: new Date(), ...erased })
    .where(eq(outbox.id, id));
}

/** Every retry used: the message is shown as failed in « Courriels », where staff can send it again. */
async function giveUp(deps: DeliveryDeps, job: JobWithMetadata<MailJob>): Promise<void> {
  const reason = (job.sourceOutput as { message?: string } | null)?.message;
  await deps.db.update(outbox)
    .set({ status: 'failed', claimedUntil: null, updatedAt: new Date(), lastError: sql`coalesce(${outbox.lastError}, ${reason ?? 'Échec'})` })
    .where(and(eq(outbox.id, job.data.outboxId), inArray(outbox.status, ['queued', 'sending'])));
  deps.log.error({ outboxId: job.data.outboxId, reason }, 'mail given up after every retry');
}

export function mailQueueDefinitions(deps: DeliveryDeps): [QueueDefinition<MailJob>, QueueDefinition<MailJob>] {
  return [
    // The dead letter queue first: the mail queue names it.
    { name: MAIL_DEAD_QUEUE, options: { retryLimit: 5, retryDelay: 60, retryBackoff: true }, batchSize: 10, handler: (job) => giveUp(deps, job) },
    // Four at a time: as many as the SMTP transport keeps connections (mailer.ts).
    { name: MAIL_QUEUE, options: { ...MAIL_RETRIES, deadLetter: MAIL_DEAD_QUEUE }, batchSize: 20, concurrency: 4, handler: (job) => deliver(deps, job) },
  ];
}
