import { z } from '#shared/common/zod.ts';

/**
 * GET /api/admin/counts: what waits for someone, beside each tab of the back-office's navigation. A figure the
 * member's role may not see (the e-mails, for a technician) is null.
 */
export const adminCountsSchema = z.object({
  /** requests nobody has taken yet (pending, no assignee) */
  unassignedInterventions: z.number().int(),
  /** « Messages » items still waiting for an answer */
  inbox: z.number().int(),
  /** device proofs sent and not yet checked */
  proofsToCheck: z.number().int(),
  /** e-mails that failed for good (« Échec ») */
  failedMails: z.number().int().nullable(),
});
export type AdminCounts = z.infer<typeof adminCountsSchema>;
