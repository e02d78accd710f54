// Column helpers every table uses.
import { customType, text, timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Raw bytes (PostgreSQL bytea), read and written as Node buffers. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * What a client agreed to when ordering (docs/decisions/041): the CGV version accepted and when, and when they asked
 * expressly for the service to start within the withdrawal period (null: not asked). All null on an order staff
 * entered without the client ordering on the site.
 */
export const orderConsent = () => ({
  cgvVersion: text('cgv_version'),
  cgvAcceptedAt: timestamp('cgv_accepted_at', { withTimezone: true }),
  expressRequestAt: timestamp('express_request_at', { withTimezone: true }),
});
