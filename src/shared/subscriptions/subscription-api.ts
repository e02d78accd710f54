// Subscriptions: the period a paid order buys, as the client's card and the back-office's list read it.

/**
 * GET /api/admin/subscriptions?active=true|false&state=&limit=&offset=: one per paid order with its chained period (both
 * days included in `active`), newest first, X-Total-Count. `state` (SUBSCRIPTION_STATES) tells whether it is to come,
 * running, ending within 14 days with nothing booked after it (« expire bientôt »), or over with (renewed) or without
 * (expired) a later one; ?state= filters on it.
 */
import { z } from '#shared/common/zod.ts';
import { PLAN_IDS } from '#shared/plans.ts';
import { SUBSCRIPTION_STATES } from './subscription-labels.ts';
import { pageQuery } from '#shared/common/query.ts';
import { isoDay } from '#shared/common/fields.ts';

export const subscriptionSchema = z.object({
  orderId: z.number().int(),
  clientId: z.number().int().nullable(),
  clientName: z.string(),
  clientEmail: z.string(),
  plan: z.enum(PLAN_IDS),
  startDate: z.string(),
  endDate: z.string(),
  active: z.boolean(),
  state: z.enum(SUBSCRIPTION_STATES),
});
export type SubscriptionDto = z.infer<typeof subscriptionSchema>;
export const subscriptionListQuery = pageQuery.extend({
  active: z
    .enum(['true', 'false'], { error: 'Paramètre active invalide' })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  state: z.enum(SUBSCRIPTION_STATES, { error: 'État d’abonnement invalide' }).optional(),
});
export type SubscriptionFilters = z.input<typeof subscriptionListQuery>;

// ---- subscription ---------------------------------------------------------------------------------------------

/**
 * GET /api/subscriptions/current: the subscription running today (JSON null without one). A subscription runs from
 * its paid order's date for the plan's months and ends the day before the same date N months later; a paid order
 * placed while another runs starts the day after it ends (docs/decisions/006).
 */
export const currentSubscriptionSchema = z.object({
  /** the plan's display name */
  plan: z.string(),
  planId: z.enum(PLAN_IDS),
  price: z.number(),
  durationMonths: z.number().int(),
  startsOn: isoDay,
  /** last day covered, included */
  endsOn: isoDay,
  /** whole days from today to endsOn, endsOn included (1 on the last day) */
  daysLeft: z.number().int(),
  /** requests created this calendar month (Europe/Paris), cancelled ones excepted */
  interventionsUsed: z.number().int(),
  /** null = unlimited */
  interventionsPerMonth: z.number().int().nullable(),
  maxDevices: z.number().int(),
  /** a paid subscription already booked to follow this one, if any */
  next: z.object({ planId: z.enum(PLAN_IDS), plan: z.string(), startsOn: isoDay, endsOn: isoDay }).nullable(),
});
export type CurrentSubscription = z.infer<typeof currentSubscriptionSchema>;
