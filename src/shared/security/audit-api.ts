// The audit journal as « Journal » reads it.

/**
 * GET /api/admin/audit?entity=&entityId=&staffUsername=&action=&from=&to=&limit=&offset= (admins only; newest first,
 * X-Total-Count). Actions: order.create, order.update, order.credentials, staff.login, staff.login_failed, staff.create,
 * … (`action=order` finds every order.*). No route edits or deletes an entry.
 */
import { z } from '#shared/common/zod.ts';
import { pageQuery } from '#shared/common/query.ts';
import { daysInOrder, isoDate, isPrintable } from '#shared/common/fields.ts';

export const auditEntrySchema = z.object({
  id: z.number().int(),
  staffUsername: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  /** the address the action came from; null when the server did it itself */
  address: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntryDto = z.infer<typeof auditEntrySchema>;
const filterText = (name: string, max: number) =>
  z
    .string({ error: `Paramètre ${name} invalide` })
    .trim()
    .max(max, `Paramètre ${name} invalide`)
    .refine(isPrintable, `Paramètre ${name} invalide`)
    .optional()
    .transform((s) => s || undefined);
export const auditListQuery = daysInOrder(
  pageQuery.extend({
    entity: filterText('entity', 40),
    entityId: filterText('entityId', 40),
    staffUsername: filterText('staffUsername', 80),
    action: filterText('action', 60),
    from: isoDate.optional(),
    to: isoDate.optional(),
  }),
);
export type AuditFilters = z.input<typeof auditListQuery>;
