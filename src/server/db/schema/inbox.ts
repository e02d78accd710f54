// The staff's inbox: registrations, contact messages, erasure requests.
import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { INBOX_KINDS, INBOX_STATUSES } from '#shared/inbox/inbox-labels.ts';
import { planEnum } from './orders.ts';
import { clients } from './clients.ts';
import { createdAt, orderConsent } from './columns.ts';

export const inboxKindEnum = pgEnum('inbox_kind', INBOX_KINDS);
export const inboxStatusEnum = pgEnum('inbox_status', INBOX_STATUSES);

/** The staff's inbox: registrations, contact messages and erasure requests (the « Messages » tab). */
export const inboxItems = pgTable(
  'inbox_items',
  {
    id: serial('id').primaryKey(),
    kind: inboxKindEnum('kind').notNull(),
    status: inboxStatusEnum('status').notNull().default('pending'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull().default(''),
    message: text('message').notNull().default(''),
    captchaAnswer: text('captcha_answer'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    planId: planEnum('plan_id'),
    deviceType: text('device_type'),
    deviceInfo: text('device_info'),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    /** an erasure request: when staff confirmed it and the person was anonymised */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    /** a registration staff refused (« Refuser »): the reason, also e-mailed to the person */
    refusalReason: text('refusal_reason'),
    /** a registration with a plan is an order: what its sender accepted, carried to the account's first order */
    ...orderConsent(),
    createdAt: createdAt(),
  },
  (t) => [
    index('inbox_items_created_idx').on(t.createdAt),
    // Not unique: a later registration for the same e-mail is kept apart (it may come from a stranger) and both are
    // shown to staff as possible duplicates.
    index('inbox_items_registration_email_idx')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.kind} = 'registration'`),
  ],
);
