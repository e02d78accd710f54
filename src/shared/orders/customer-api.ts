// « Utilisateurs »: customers, orders grouped by e-mail; with ?retention=expired, the client accounts past their period.

/** GET /api/admin/users?q=&limit=&offset=&retention= : customers grouped by lower(e-mail), computed in SQL. */
import { z } from '#shared/common/zod.ts';
import { pageQuery } from '#shared/common/query.ts';

/**
 * Why an account is listed under « Conservation dépassée »: the day its period (RETENTION.account) runs from, the end
 * of its last subscription or, without one, its creation, and the assistance requests still open (erasure waits).
 */
const accountRetentionSchema = z.object({
  clientId: z.number().int(),
  /** YYYY-MM-DD, Paris */
  since: z.string(),
  from: z.enum(['subscription', 'creation']),
  openRequests: z.number().int(),
});
export type AccountRetention = z.infer<typeof accountRetentionSchema>;

export const customerSchema = z.object({
  email: z.string(),
  name: z.string(),
  phone: z.string(),
  username: z.string().nullable(),
  revenue: z.number(),
  orderCount: z.number().int(),
  paidCount: z.number().int(),
  giftedCount: z.number().int(),
  credits: z.number(),
  /** null for an account that never ordered (only in the retention list) */
  lastOrderDate: z.string().nullable(),
  /** only in the retention list */
  retention: accountRetentionSchema.optional(),
});
export type CustomerDto = z.infer<typeof customerSchema>;

/** `expired`: the accounts whose retention period is over and that are not anonymised yet, oldest first. */
const CUSTOMER_RETENTION_FILTERS = ['expired'] as const;

export const customerListQuery = pageQuery.extend({
  retention: z.enum(CUSTOMER_RETENTION_FILTERS, { error: 'Filtre de conservation invalide' }).optional(),
});
export type CustomerFilters = z.input<typeof customerListQuery>;
