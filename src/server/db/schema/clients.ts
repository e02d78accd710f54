// Client accounts, their sessions and password reset links.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    username: text('username').unique(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    name: text('name').notNull(),
    phone: text('phone').notNull().default(''),
    // No part of the password is kept beside its hash: the invoice shows a hint of the username only
    // (docs/decisions/031).
    passwordHash: text('password_hash'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('clients_email_lower_idx').on(sql`lower(${t.email})`),
    // Logins match the username case-insensitively, so 'JDupont' and 'jdupont' must be one account.
    uniqueIndex('clients_username_lower_idx').on(sql`lower(${t.username})`),
  ],
);

export const clientSessions = pgTable(
  'client_sessions',
  {
    idHash: text('id_hash').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('client_sessions_client_idx').on(t.clientId)],
);

/**
 * « Mot de passe oublié » links. Only the SHA-256 of the token is stored (a copy of the table opens nothing); a link
 * is used once, lasts one hour, and a newer request retires the older ones (used_at set without a password change).
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_reset_tokens_client_idx').on(t.clientId, t.createdAt)],
);
