// When a member is on duty (response warnings go to those on duty): their own week, Paris time.
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import { staffUsers } from '#server/db/schema.ts';
import { notFound } from '#server/http-error.ts';
import { writeAudit, type Actor } from '#server/services/security/audit.ts';
import type { WeekHours } from '#shared/staff/duty-hours.ts';
import { MEMBER_NOT_FOUND, memberForUpdate } from './staff-accounts.ts';

/** A member's own working hours (« Mes horaires »); null: the plans' support hours. */
export async function dutyHoursOf(db: Tx, id: number): Promise<WeekHours | null> {
  const [row] = await db.select({ dutyHours: staffUsers.dutyHours }).from(staffUsers).where(eq(staffUsers.id, id));
  if (!row) throw notFound(MEMBER_NOT_FOUND);
  return row.dutyHours ?? null;
}

/**
 * Sets when a member is on duty (an admin for anyone in « Équipe », a member for themself), audited with the hours
 * before and after. Checked by the shared schema already; nothing is written when nothing changes.
 */
export async function setDutyHours(
  db: Db,
  actor: Actor,
  id: number,
  hours: WeekHours | null,
): Promise<WeekHours | null> {
  return db.transaction(async (tx) => {
    const member = await memberForUpdate(tx, id);
    const before = member.dutyHours ?? null;
    if (JSON.stringify(before) === JSON.stringify(hours)) return before;
    await tx.update(staffUsers).set({ dutyHours: hours }).where(eq(staffUsers.id, id));
    await writeAudit(tx, actor, {
      action: 'staff.duty_hours',
      entity: 'staff',
      entityId: id,
      before: { dutyHours: before },
      after: { dutyHours: hours },
    });
    return hours;
  });
}
