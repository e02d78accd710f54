import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { PLAN_IDS } from '#shared/plans.ts';
import type { WeekHours } from '#shared/schemas/duty-hours.ts';
import {
  CLIENT_DEVICE_TYPES,
  DEVICE_STATUSES,
  DOCUMENT_KINDS,
  REGISTRATION_DEVICE_TYPES,
  INTERVENTION_STATUSES,
  MAIL_KINDS,
  MAIL_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  INBOX_KINDS,
  MESSAGE_AUTHORS,
  REMOTE_TOOLS,
  INBOX_STATUSES,
  STAFF_ROLES,
  URGENCIES,
  CHECKOUT_STATUSES,
} from '#shared/labels.ts';

export const planEnum = pgEnum('plan_id', PLAN_IDS);
export const paymentMethodEnum = pgEnum('payment_method', PAYMENT_METHODS);
export const paymentStatusEnum = pgEnum('payment_status', PAYMENT_STATUSES);
export const inboxKindEnum = pgEnum('inbox_kind', INBOX_KINDS);
export const inboxStatusEnum = pgEnum('inbox_status', INBOX_STATUSES);
export const interventionStatusEnum = pgEnum('intervention_status', INTERVENTION_STATUSES);
export const urgencyEnum = pgEnum('urgency', URGENCIES);
export const clientDeviceEnum = pgEnum('client_device_type', CLIENT_DEVICE_TYPES);
export const remoteToolEnum = pgEnum('remote_tool', REMOTE_TOOLS);
export const messageAuthorEnum = pgEnum('message_author', MESSAGE_AUTHORS);
export const mailKindEnum = pgEnum('mail_kind', MAIL_KINDS);
export const staffRoleEnum = pgEnum('staff_role', STAFF_ROLES);
export const mailStatusEnum = pgEnum('mail_status', MAIL_STATUSES);
export const documentKindEnum = pgEnum('document_kind', DOCUMENT_KINDS);
export const deviceTypeEnum = pgEnum('device_type', REGISTRATION_DEVICE_TYPES);
export const deviceStatusEnum = pgEnum('device_status', DEVICE_STATUSES);
export const checkoutStatusEnum = pgEnum('checkout_status', CHECKOUT_STATUSES);

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Raw bytes (PostgreSQL bytea), read and written as Node buffers. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

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
   * When the member is on duty (shared/schemas/duty-hours.ts): one range per weekday, Paris time, 0 = Sunday; null:
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

/** Settings staff change in the back-office (today: two-factor sign-in required for everyone), one row per key. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

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
    // No part of the password is kept beside its hash: the invoice shows a hint of the username only (DESIGN.md 6).
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

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    clientName: text('client_name').notNull(),
    clientEmail: text('client_email').notNull(),
    clientPhone: text('client_phone').notNull().default(''),
    username: text('username'),
    plan: planEnum('plan').notNull(),
    paymentMethod: paymentMethodEnum('payment_method').notNull(),
    paymentStatus: paymentStatusEnum('payment_status').notNull(),
    price: numeric('price', { precision: 10, scale: 2 }).notNull(),
    creditCost: numeric('credit_cost', { precision: 10, scale: 2 }).notNull(),
    orderDate: date('order_date', { mode: 'string' }).notNull(),
    notes: text('notes').notNull().default(''),
    createdBy: text('created_by').notNull(),
    verificationKey: text('verification_key').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** lower(client_email), stored: customers are grouped by it, and computing lower() per row doubled that query's time */
    emailKey: text('email_key').generatedAlwaysAs(sql`lower(client_email)`),
    /** what the order search box matches, lower-cased once on write (a LIKE on it is ~8× faster than four ILIKEs) */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(client_name || chr(31) || client_email || chr(31) || coalesce(username, '') || chr(31) || verification_key)`,
    ),
    /**
     * The subscription a paid order buys, first and last day included; null unless paid. Derived from the client's
     * paid orders by services/orders/subscriptions.ts (chained: no days lost) and rewritten whenever they change.
     */
    startsOn: date('starts_on', { mode: 'string' }),
    endsOn: date('ends_on', { mode: 'string' }),
    /**
     * The key the back-office sends with a creation (Idempotency-Key), and a digest of what it asked: the same request
     * sent again after a lost answer finds this order instead of making a second one.
     */
    idempotencyKey: text('idempotency_key').unique(),
    idempotencyDigest: text('idempotency_digest'),
    /**
     * Why an online payment of this still-pending order did not go through (expired, refused, an amount that does not
     * match): shown to staff until the order is paid. Null when nothing is to be looked at.
     */
    paymentIssue: text('payment_issue'),
  },
  (t) => [
    index('orders_email_key_idx').on(t.emailKey),
    index('orders_order_date_idx').on(t.orderDate),
    index('orders_client_idx').on(t.clientId),
    // The back-office's « active » filter reads subscriptions that have not ended.
    index('orders_ends_on_idx').on(t.endsOn),
    // A client asks for one plan at a time from the dashboard: a double-click makes one order.
    uniqueIndex('orders_one_client_request_idx')
      .on(t.clientId)
      .where(sql`${t.paymentStatus} = 'pending' and ${t.createdBy} = 'client'`),
  ],
);

/**
 * The Stripe Checkout sessions made for orders (services/payments/): the provider's id, what it was asked to
 * collect, and where it stands as the provider last told us. The job that asks about open ones reads status and age.
 */
export const onlinePayments = pgTable(
  'online_payments',
  {
    id: text('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: checkoutStatusEnum('status').notNull().default('open'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    url: text('url'),
    /** the payment intent, once the provider has one: the reference staff search in its dashboard */
    paymentIntent: text('payment_intent'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('online_payments_order_idx').on(t.orderId),
    index('online_payments_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'open'`),
  ],
);

/** Every provider event handled, by its id: the same event delivered again changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

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
    /** when the first response is due (DESIGN.md decision 10); null for requests older than the clock */
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
 * A device the client's subscription covers (DESIGN.md decision 11). Pending and verified devices take a place of the
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
    createdAt: createdAt(),
  },
  (t) => [index('intervention_messages_thread_idx').on(t.interventionId, t.id)],
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

/**
 * Issued invoices and credit notes (DESIGN.md decisions 6 and 9), frozen at issue: what is printed lives in `data`
 * (seller, client, lines, amounts, tax, period, payment, key) and the rendered PDF in `pdf`, so neither a later edit
 * of the order nor a new configuration can change a document already issued. One table with a kind rather than two:
 * both are the same frozen document with the same columns, read by the same PDF, download and backup code; each kind
 * still has its own gap-free series (`seq`, unique per kind, taken under a transaction lock, services/billing/invoices.ts).
 * Never updated (except `pdf`, filled once after issue) and never deleted.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    kind: documentKindEnum('kind').notNull(),
    /** the series' own number: 1, 2, 3… without gaps, in issue order */
    seq: integer('seq').notNull(),
    /** as printed: '00000042' for an invoice, 'AV-00000003' for a credit note */
    number: text('number').notNull().unique(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    /** a credit note: the invoice it cancels in whole or in part */
    invoiceId: integer('invoice_id'),
    /** the client account it belongs to (their « Factures » list); null for an order without an account */
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    /** the calendar day of issue in Europe/Paris: never the (possibly back-dated) order date */
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    verificationKey: text('verification_key').notNull(),
    /** all taxes included; a credit note's amount is positive (it is a credit note) */
    totalTtc: numeric('total_ttc', { precision: 10, scale: 2 }).notNull(),
    totalHt: numeric('total_ht', { precision: 10, scale: 2 }).notNull(),
    totalTax: numeric('total_tax', { precision: 10, scale: 2 }).notNull(),
    /** everything printed, as rendered (services/billing/invoice-pdf.ts InvoiceData) */
    data: jsonb('data').notNull(),
    /** the PDF as issued; null only between the commit of the issue and its first rendering (then stored once) */
    pdf: bytea('pdf'),
    createdBy: text('created_by').notNull(),
    /** a credit note refunded to the card through the provider: its refund (re_…) and the status it answered */
    refundId: text('refund_id'),
    refundStatus: text('refund_status'),
  },
  (t) => [
    uniqueIndex('invoices_kind_seq_idx').on(t.kind, t.seq),
    // one invoice per order; credit notes are many
    uniqueIndex('invoices_one_per_order_idx')
      .on(t.orderId)
      .where(sql`${t.kind} = 'invoice'`),
    index('invoices_order_idx').on(t.orderId),
    index('invoices_client_idx').on(t.clientId),
    index('invoices_key_idx').on(t.verificationKey),
    index('invoices_issued_on_idx').on(t.issuedOn),
  ],
);

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
