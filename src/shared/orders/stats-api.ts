// The back-office dashboard's figures.

/** GET /api/admin/stats?from=YYYY-MM-DD&to=YYYY-MM-DD (both optional, inclusive, on orderDate) */
import { z } from '#shared/common/zod.ts';
import { daysInOrder, isoDate } from '#shared/common/fields.ts';
import { PLAN_IDS } from '#shared/plans.ts';

export const statsQueryInputSchema = daysInOrder(z.object({ from: isoDate.optional(), to: isoDate.optional() }));
const planStatsSchema = z.object({
  plan: z.enum(PLAN_IDS),
  orders: z.number().int(),
  paid: z.number().int(),
  gifted: z.number().int(),
  revenue: z.number(),
  creditCost: z.number(),
});
export type PlanStats = z.infer<typeof planStatsSchema>;
export const dashboardStatsSchema = z.object({
  revenue: z.number(),
  giftedCount: z.number().int(),
  totalCreditCost: z.number(),
  totalOrders: z.number().int(),
  pendingPayments: z.number().int(),
  /** paid / total, rounded percent */
  conversionRate: z.number(),
  byPlan: z.array(planStatsSchema),
  byMonth: z.array(z.object({ month: z.string(), revenue: z.number(), orders: z.number().int() })),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
