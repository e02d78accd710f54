// Settings an admin changes in the back-office, and secrets drawn once.
import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Settings staff change in the back-office (today: two-factor sign-in required for everyone), one row per key. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
