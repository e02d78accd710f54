// Staff members, their sessions, second factor and password links.
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { WeekHours } from '#shared/staff/duty-hours.ts';
import { STAFF_ROLES } from '#shared/staff/staff-labels.ts';
import { createdAt } from './columns.ts';

export const staffRoleEnum = pgEnum('staff_role', STAFF_ROLES);

export const staffUsers = pgTable('staff_users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  role: staffRoleEnum('role').notNull().default('admin'),
  /** where the « choose your password » links go; null for the account made from ADMIN_USERNAME */
  email: text('email'),
  /** the first name clients read on a request this member handles (« Pris en charge par Julien »); never the username */
  firstName: text('first_name'),
  /**
   * When the member is on duty (shared/staff/duty-hours.ts): one range per weekday, Paris time, 0 = Sunday; null:
   * the plans' support hours. Read by the response warning (services/interventions/response-alerts.ts).
   */
  dutyHours: jsonb('duty_hours').$type<WeekHours>(),
  /** a disabled member cannot sign in and has no session left; the row stays for the audit log */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  /**
   * Password hash (services/security/passwords.ts) of the last ADMIN_PASSWORD applied to this account: a restart with the same
   * variable leaves a password changed in the back-office alone; a new value is applied once (docs/decisions/007,
   * staff-bootstrap.ts).
   */
  envPasswordHash: text('env_password_hash'),
  /**
   * Two-factor sign-in (services/staff/two-factor.ts): the TOTP secret sealed with AES-256-GCM (services/staff/two-factor-key.ts),
   * never in clear; null when the member has none. `totpPendingSecret` is an enrolment waiting for its first code.
   */
  totpSecret: text('totp_secret'),
  totpPendingSecret: text('totp_pending_secret'),
  totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
  /** the time step (unix time / 30 s) of the last code accepted: a code is accepted once, never replayed */
  totpLastStep: integer('totp_last_step'),
  /**
   * The active second factor opens the download tab without ADMIN_SECRET_CODE (docs/decisions/009): set only when it
   * was confirmed from a session already unlocked, or when the code was typed in a session opened with it; false for
   * a factor enrolled with the password alone, so a stolen password cannot enrol its way to the backup.
   */
  totpOpensDownload: boolean('totp_opens_download').notNull().default(false),
  // Failed sign-ins are counted in login_throttle, per account and per address: a count on the account itself let
  // anyone lock its owner out.
  createdAt: createdAt(),
});

export const staffSessions = pgTable(
  'staff_sessions',
  {
    /** sha256 of the cookie value: a leaked table opens no session */
    idHash: text('id_hash').primaryKey(),
    /** what « Mes sessions » shows and ends a session by: the hash must never leave the server */
    id: serial('id').notNull().unique(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    unlocked: boolean('unlocked').notNull().default(false),
    /** opened with a second factor (TOTP or a recovery code): starts unlocked, docs/decisions/009 */
    secondFactor: boolean('second_factor').notNull().default(false),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** refreshed at most once a minute, so a session in use costs no write per request */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** address and browser at sign-in, shown only to that staff member so they recognise their own sessions */
    address: text('address').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/** Single-use recovery codes of a member's two-factor sign-in: 10, shown once, only their SHA-256 kept (decision 004). */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_recovery_codes_staff_hash_idx').on(t.staffId, t.codeHash)],
);

/**
 * Between the password and the code of a staff sign-in (services/staff/staff-login-challenge.ts): a short-lived token, only
 * its SHA-256 stored, that opens no session.
 */
export const staffLoginChallenges = pgTable('staff_login_challenges', {
  idHash: text('id_hash').primaryKey(),
  staffId: integer('staff_id')
    .notNull()
    .references(() => staffUsers.id, { onDelete: 'cascade' }),
  /** 'code' (the member has 2FA) or 'enrol' (an admin requires it and the member has none yet) */
  kind: text('kind').notNull(),
  failures: integer('failures').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/**
 * « Choose your password » links for staff members (new member, reset by an admin): only the SHA-256 of the token is
 * stored, a link serves once and lasts 48 hours, a newer link retires the older ones.
 */
export const staffPasswordTokens = pgTable(
  'staff_password_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('staff_password_tokens_staff_idx').on(t.staffId)],
);
