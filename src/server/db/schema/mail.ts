// The outbox: every e-mail, queued in the transaction of the change that causes it.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { MAIL_KINDS, MAIL_STATUSES } from '#shared/mail/mail-labels.ts';
import { clients } from './clients.ts';
import { createdAt } from './columns.ts';

export const mailKindEnum = pgEnum('mail_kind', MAIL_KINDS);
export const mailStatusEnum = pgEnum('mail_status', MAIL_STATUSES);

/**
 * Every e-mail, one row per message (services/mail/outbox.ts): written in the transaction of the change that causes it,
 * and itself the queue the mail workers take their messages from (services/mail/delivery.ts). The unique key names the
 * business event (an order's invoice, a reminder for a subscription end and a day), so a rerun, a second instance or a
 * second click finds the row and sends nothing twice.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull().unique(),
    kind: mailKindEnum('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    /** what the template needs; never a password or a reset link (those travel sealed in `secret`) */
    params: jsonb('params').notNull(),
    /** the one secret of this message, sealed with AES-256-GCM (services/mail/secret-box.ts); erased once sent or cancelled */
    secret: text('secret'),
    status: mailStatusEnum('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /**
     * The claim as the previous release reads it: kept equal to next_attempt_at while a message is being sent, so that
     * its instances, still running during a rolling upgrade, leave it alone. Dropped in the release after (decision 026).
     */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /**
     * When a worker takes it up next: a message waiting is due at once, or after its retry's delay; a message being sent
     * is claimed until then, and taken up again only if the worker that held it died (services/mail/delivery.ts).
     */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** the client it is about, if any: an erasure anonymises their messages too */
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_created_idx').on(t.createdAt),
    index('outbox_status_idx').on(t.status, t.createdAt),
    index('outbox_client_idx').on(t.clientId),
    // The workers' one question (what is due?) reads only the messages still on their way.
    index('outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('queued', 'sending')`),
  ],
);
