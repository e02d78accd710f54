// A pending order a client places (a renewal or a change of plan, POST /api/subscriptions).

/**
 * POST /api/subscriptions (docs/specification.md §7): the client asks for a plan. Only planId and the order's boxes are
 * read; the price and the rest come from the catalogue (the specification's other fields are accepted and ignored). It records a pending
 * order for staff to confirm → 201 ClientOrder. Without a session: 401 'Vous devez être connecté pour vous abonner'.
 */
import { z } from '#shared/common/zod.ts';
import { PLAN_IDS } from '#shared/plans.ts';
import { orderConsentFields } from './order-consent.ts';

/** The plan, and the order's two boxes (the CGV accepted, the express request): docs/decisions/041. */
export const pendingOrderInputSchema = z.object({
  planId: z.enum(PLAN_IDS, { error: 'Veuillez sélectionner un plan' }),
  ...orderConsentFields,
});
export type PendingOrderInput = z.input<typeof pendingOrderInputSchema>;
export const SUBSCRIBE_UNAUTHORIZED = 'Vous devez être connecté pour vous abonner';
