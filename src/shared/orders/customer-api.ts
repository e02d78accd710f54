// « Utilisateurs »: customers, orders grouped by e-mail.

/** GET /api/admin/users?q=&limit=&offset= : customers grouped by lower(e-mail), computed in SQL. */
import { z } from '#shared/common/zod.ts';
import { pageQuery } from '#shared/common/query.ts';

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
  lastOrderDate: z.string(),
});
export type CustomerDto = z.infer<typeof customerSchema>;
export const customerListQuery = pageQuery;
export type CustomerFilters = z.input<typeof customerListQuery>;
