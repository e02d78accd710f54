// Live events kept for the pages that reconnect.
import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { staffRoleEnum } from './staff.ts';
import { createdAt } from './columns.ts';

/**
 * What open pages are told as it happens (services/live/): a new request, a message, a status or an owner changed;
 * for staff also a new registration, contact message or erasure request, and a device's proof.
 * Each row names who may receive it: staff (every member, or admins only) and, with its text, the request's client.
 * Kept a day so a page that reconnects (a restart, a lost network) asks for what it missed by its last event id.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    /** the request the event is about; null for « Messages » and devices (then subject_id) */
    interventionId: integer('intervention_id'),
    /** what a staff-only kind names when it is not a request: the « Messages » item's id, or the device's */
    subjectId: integer('subject_id'),
    /** the client the event is about, when there is one (a contact message or a registration has none yet) */
    clientId: integer('client_id'),
    /** what staff read; null: not for staff */
    staffText: text('staff_text'),
    /** staff of that role only (an overdue request's escalation); null: every member */
    staffRole: staffRoleEnum('staff_role'),
    /** these members only (the response warning goes to those on duty); null: every member of staffRole */
    staffIds: jsonb('staff_ids').$type<number[]>(),
    /** the member whose action caused it (staff pages do not alert them of their own); never sent to a client */
    actorStaffId: integer('actor_staff_id'),
    /** what the request's client reads; null: not for the client */
    clientText: text('client_text'),
    createdAt: createdAt(),
  },
  (t) => [index('live_events_created_idx').on(t.createdAt)],
);

/**
 * Messages from one open page to another (a screen share's offer, answer and network candidates), addressed to one
 * client or one staff member and delivered on their live stream (services/live/signals.ts). Never replayed: a page
 * that missed one starts the exchange again. Deleted when their topic ends, and after ten minutes at most.
 */
export const liveSignals = pgTable(
  'live_signals',
  {
    id: serial('id').primaryKey(),
    /** what the messages belong to (`screen-share:12`): deleted together when it ends */
    topic: text('topic').notNull(),
    toClientId: integer('to_client_id'),
    toStaffId: integer('to_staff_id'),
    body: jsonb('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('live_signals_topic_idx').on(t.topic), index('live_signals_created_idx').on(t.createdAt)],
);
