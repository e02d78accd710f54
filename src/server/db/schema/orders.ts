// Orders: a plan bought for a period, paid or pending; the period is stored on the order (docs/decisions/006).
import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { PLAN_IDS } from '#shared/plans.ts';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '#shared/billing/payment-labels.ts';
import { clients } from './clients.ts';
import { createdAt, orderConsent } from './columns.ts';

export const planEnum = pgEnum('plan_id', PLAN_IDS);
export const paymentMethodEnum = pgEnum('payment_method', PAYMENT_METHODS);
export const paymentStatusEnum = pgEnum('payment_status', PAYMENT_STATUSES);

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
    ...orderConsent(),
    /** when the contract confirmation (L221-13) was queued, once, on the order's first payment */
    contractMailedAt: timestamp('contract_mailed_at', { withTimezone: true }),
    /** « Me rétracter »: when the client withdrew, and the amount to give back proposed for the credit note */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawalRefund: numeric('withdrawal_refund', { precision: 10, scale: 2 }),
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
