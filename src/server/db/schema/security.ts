// The audit journal, sign-in throttling and request limits.
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { staffUsers } from './staff.ts';
import { createdAt } from './columns.ts';

/**
 * Sign-in attempts per bucket (services/security/login-throttle.ts): one row per account and address pair, per address and
 * per account, for staff and clients apart. Kept in the database so every instance sees the same counts.
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    scope: text('scope').notNull(),
    bucket: text('bucket').notNull(),
    /** sha256 of the typed name and/or address: a typed « username » is often a password typed in the wrong field */
    keyHash: text('key_hash').notNull(),
    failures: integer('failures').notNull().default(0),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
    /** the verdict on the latest attempt, written and returned by the same upsert so parallel attempts cannot race */
    granted: boolean('granted').notNull().default(true),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** pair rows: the right password was given from this address (it then skips the account-wide bucket) */
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.bucket, t.keyHash] }),
    index('login_throttle_last_attempt_idx').on(t.lastAttemptAt),
  ],
);

/**
 * The per-route request limits (registration, contact, verification, client actions: plugins/rate-limit-store.ts),
 * counted here rather than in each process's memory so that several instances share them. One row per key and window.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    staffUsername: text('staff_username').notNull(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    /** the address the action came from (request.ip, behind TRUST_PROXY); null for start-up and background work */
    address: text('address'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId)],
);
