// Interventions (a client's requests for help), their threads, attachments and ratings.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { CLIENT_DEVICE_TYPES } from '#shared/devices/device-labels.ts';
import {
  INTERVENTION_STATUSES,
  MESSAGE_AUTHORS,
  REMOTE_TOOLS,
  URGENCIES,
} from '#shared/interventions/intervention-labels.ts';
import { clients } from './clients.ts';
import { planEnum } from './orders.ts';
import { staffUsers } from './staff.ts';
import { devices } from './devices.ts';
import { createdAt, bytea } from './columns.ts';

export const interventionStatusEnum = pgEnum('intervention_status', INTERVENTION_STATUSES);
export const urgencyEnum = pgEnum('urgency', URGENCIES);
export const clientDeviceEnum = pgEnum('client_device_type', CLIENT_DEVICE_TYPES);
export const remoteToolEnum = pgEnum('remote_tool', REMOTE_TOOLS);
export const messageAuthorEnum = pgEnum('message_author', MESSAGE_AUTHORS);

export const interventions = pgTable(
  'interventions',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    urgency: urgencyEnum('urgency').notNull().default('medium'),
    deviceType: clientDeviceEnum('device_type'),
    deviceInfo: text('device_info').notNull().default(''),
    status: interventionStatusEnum('status').notNull().default('pending'),
    durationMinutes: integer('duration_minutes'),
    staffNotes: text('staff_notes').notNull().default(''),
    /** the client's plan when the request was sent: its promise, and the row of the dashboard's per-plan figures */
    plan: planEnum('plan'),
    /** when the first response is due (docs/decisions/035); null for requests older than the clock */
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** staff took the request in charge or wrote to the client, whichever came first */
    firstResponseAt: timestamp('first_response_at', { withTimezone: true }),
    /** business minutes from the request to its first response, on the schedule of its promise (the median's input) */
    responseMinutes: integer('response_minutes'),
    /** staff were warned that the first response is near its due time (once), and admins that it is late (once) */
    warnedAt: timestamp('warned_at', { withTimezone: true }),
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
    /** the staff member who handles the request: who took it in charge, or whom an admin gave it to */
    assignedStaffId: integer('assigned_staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    /** the member who opened it on the client's behalf (POST /api/admin/interventions); null: the client did */
    openedByStaffId: integer('opened_by_staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    /** « Session à distance »: the tool the client installed and its ID (never a password) */
    remoteTool: remoteToolEnum('remote_tool'),
    remoteId: text('remote_id'),
    /** the covered device the request is about (services/devices/); null for requests older than devices */
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    /** read marks of the thread: when each side last read it (a message after it is unread for that side) */
    clientReadAt: timestamp('client_read_at', { withTimezone: true }),
    staffReadAt: timestamp('staff_read_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('interventions_client_idx').on(t.clientId, t.createdAt),
    // The back-office's « à traiter en premier » order: open requests by due time.
    index('interventions_due_idx')
      .on(t.dueAt)
      .where(sql`${t.firstResponseAt} is null`),
    index('interventions_assignee_idx').on(t.assignedStaffId),
  ],
);

/**
 * How many times what a client's list of requests shows has changed. The database moves it itself, when the
 * transaction commits (triggers of migration 0040): a listed column of a request, its rating, or the first name of a
 * member who handles or opened one. Read with the session, it tells a server that the page it answered last for that
 * session still holds (docs/decisions/044). Every client has its row from its creation (a trigger on clients).
 */
export const clientRequestVersions = pgTable('client_request_versions', {
  clientId: integer('client_id')
    .primaryKey()
    .references(() => clients.id, { onDelete: 'cascade' }),
  version: integer('version').notNull().default(0),
});

/** The conversation on a request between its client and staff; staff messages keep who wrote them. */
export const interventionMessages = pgTable(
  'intervention_messages',
  {
    id: serial('id').primaryKey(),
    interventionId: integer('intervention_id')
      .notNull()
      .references(() => interventions.id, { onDelete: 'cascade' }),
    author: messageAuthorEnum('author').notNull(),
    staffUsername: text('staff_username'),
    body: text('body').notNull(),
    // A line the service writes about what happened on the request (« Partage d’écran : 14 min avec Julien »), not
    // something someone wrote: shown as an event in the thread, never a « Nouvelle réponse », never e-mailed.
    notice: boolean('notice').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('intervention_messages_thread_idx').on(t.interventionId, t.id),
    // « Nouvelle réponse » and « Nouveau message du client »: the other side's latest message of each listed request,
    // found without reading every message of the thread (client-intervention-list.ts, admin-interventions.ts).
    index('intervention_messages_staff_idx')
      .on(t.interventionId, t.createdAt)
      .where(sql`${t.author} = 'staff'`),
    index('intervention_messages_client_idx')
      .on(t.interventionId, t.createdAt)
      .where(sql`${t.author} = 'client'`),
  ],
);

/**
 * The client's rating of a completed request: one row per request (its key), 1 to 5 stars and an optional comment.
 * The client may change it; the row keeps when it was first given and last changed.
 */
export const interventionRatings = pgTable(
  'intervention_ratings',
  {
    interventionId: integer('intervention_id')
      .primaryKey()
      .references(() => interventions.id, { onDelete: 'cascade' }),
    stars: integer('stars').notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('intervention_ratings_stars_check', sql`${t.stars} between 1 and 5`)],
);

/**
 * A file sent in a thread: an image or a PDF of 5 MB at most, its type read from its first bytes (never from its
 * name). Kept in the database so the backup of the database carries them.
 */
export const interventionAttachments = pgTable(
  'intervention_attachments',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => interventionMessages.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('intervention_attachments_message_idx').on(t.messageId)],
);
