// The figures beside the back-office's tabs, read in one statement: each is a count over an index the lists already
// use (interventions by status and assignee, inbox items and devices by status, the outbox by status).
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { deviceProofs, devices, inboxItems, interventions, outbox } from '#server/db/schema.ts';
import type { AdminCounts } from '#shared/staff/admin-counts.ts';
import type { StaffRole } from '#shared/staff/staff-labels.ts';

const scalar = (query: { getSQL(): ReturnType<typeof sql> }) => sql<number>`(${query})`.mapWith(Number);

/** What waits for someone; the e-mails only for an admin (their tab is an admin's). */
export async function adminCounts(db: Tx, role: StaffRole): Promise<AdminCounts> {
  const unassigned = db
    .select({ n: count() })
    .from(interventions)
    .where(and(eq(interventions.status, 'pending'), isNull(interventions.assignedStaffId)));
  const inbox = db.select({ n: count() }).from(inboxItems).where(eq(inboxItems.status, 'pending'));
  const proofs = db
    .select({ n: count() })
    .from(devices)
    .where(
      and(
        eq(devices.status, 'pending'),
        sql`exists (select 1 from ${deviceProofs} where ${deviceProofs.deviceId} = ${devices.id})`,
      ),
    );
  const failed = db.select({ n: count() }).from(outbox).where(eq(outbox.status, 'failed'));
  const [row] = await db
    .select({
      unassignedInterventions: scalar(unassigned),
      inbox: scalar(inbox),
      proofsToCheck: scalar(proofs),
      failedMails: scalar(failed),
    })
    .from(sql`(select 1) as one`);
  return { ...row!, failedMails: role === 'admin' ? row!.failedMails : null };
}
