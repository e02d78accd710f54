// What becomes of an erased client's requests still open: nobody is left to help, nor to answer staff.
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { interventions } from '#server/db/schema.ts';
import { writeAudit, type Actor } from '#server/services/security/audit.ts';
import { publishLive } from '#server/services/live/events.ts';
import { INTERVENTION_STATUS_LABELS } from '#shared/interventions/intervention-labels.ts';

const OPEN = ['pending', 'in_progress'] as const;

/**
 * Cancels them in the erasure's transaction, which holds the account (docs/decisions/045): staff's queue no longer
 * carries requests nobody can answer, and no response alert is raised about them. The response clock is left as it
 * was: the erasure answers nobody, and a request already late stays late in the figures. Staff's open pages are told,
 * in words that name nobody; the client is not written to.
 */
export async function cancelRequestsOfErasedClient(tx: Tx, actor: Actor, clientId: number, now: Date) {
  const open = await tx
    .select({ id: interventions.id, status: interventions.status })
    .from(interventions)
    .where(and(eq(interventions.clientId, clientId), inArray(interventions.status, OPEN)))
    .for('update');
  if (!open.length) return 0;
  await tx
    .update(interventions)
    .set({ status: 'cancelled', updatedAt: now })
    .where(
      inArray(
        interventions.id,
        open.map((r) => r.id),
      ),
    );
  const label = INTERVENTION_STATUS_LABELS.cancelled.toLowerCase();
  for (const { id, status } of open) {
    await writeAudit(tx, actor, {
      action: 'intervention.update',
      entity: 'intervention',
      entityId: id,
      before: { status },
      after: { status: 'cancelled' },
    });
    await publishLive(
      tx,
      'intervention.status',
      { interventionId: id, clientId },
      { staff: `Demande #${id} : ${label} (compte client effacé)`, actorStaffId: actor.id },
    );
  }
  return open.length;
}
