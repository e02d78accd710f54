// Online payment: the provider's Checkout sessions and the events already handled.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { CHECKOUT_STATUSES } from '#shared/billing/payment-labels.ts';
import { orders } from './orders.ts';
import { createdAt } from './columns.ts';

export const checkoutStatusEnum = pgEnum('checkout_status', CHECKOUT_STATUSES);

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

/**
 * A call to the payment provider, recorded in its own committed transaction before it is made (docs/decisions/040):
 * its idempotency key, what it is for (`request`: what to write once the provider has answered) and how it ended. One
 * a crash or a lost answer left `asked` is made again with the same key, so the provider answers what it already did.
 */
export const providerIntents = pgTable(
  'provider_intents',
  {
    id: serial('id').primaryKey(),
    /** 'refund' (a credit note refunded to the card) or 'checkout' (a Checkout session for an order) */
    kind: text('kind').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    request: jsonb('request').notNull(),
    /** asked → done (its result written) or failed (the provider refused: nothing was written) */
    status: text('status').notNull().default('asked'),
    result: jsonb('result'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('provider_intents_order_idx').on(t.orderId),
    index('provider_intents_asked_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'asked'`),
  ],
);
