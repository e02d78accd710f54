// A client's devices and their proofs of ownership.
import { boolean, index, integer, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { DEVICE_STATUSES, REGISTRATION_DEVICE_TYPES } from '#shared/devices/device-labels.ts';
import { clients } from './clients.ts';
import { createdAt, bytea } from './columns.ts';

export const deviceTypeEnum = pgEnum('device_type', REGISTRATION_DEVICE_TYPES);
export const deviceStatusEnum = pgEnum('device_status', DEVICE_STATUSES);

/**
 * A device the client's subscription covers (docs/decisions/036). Pending and verified devices take a place of the
 * plan's maxDevices; staff may ask a proof of ownership, which blocks assistance on the device until verified.
 */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    deviceType: deviceTypeEnum('device_type').notNull(),
    deviceInfo: text('device_info').notNull(),
    status: deviceStatusEnum('status').notNull().default('pending'),
    proofRequested: boolean('proof_requested').notNull().default(false),
    /** what staff asked for (shown to the client) */
    proofMessage: text('proof_message'),
    refusalReason: text('refusal_reason'),
    /** verified or refused: the proofs are deleted 30 days later, the decision stays */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by'),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    /** when the client chose to keep it covered after a plan change to fewer devices (the latest choices win) */
    coverChosenAt: timestamp('cover_chosen_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('devices_client_idx').on(t.clientId, t.createdAt), index('devices_status_idx').on(t.status)],
);

/** A proof of ownership (invoice, photo): an image or a PDF of 10 MB at most, its type read from its first bytes. */
export const deviceProofs = pgTable(
  'device_proofs',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('device_proofs_device_idx').on(t.deviceId)],
);
