import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { staffUsers } from '../db/schema';
import { verifyDummyPassword, verifyPassword } from './passwords';

export const MAX_FAILED_LOGINS = 5;
export const LOCK_MINUTES = 15;

export type StaffLoginResult =
  | { ok: true; staff: { id: number; username: string } }
  | { ok: false; reason: 'invalid' | 'locked' };

/**
 * Checks a staff sign-in. After 5 failures the account is locked for 15 minutes, whatever the password;
 * an unknown username costs the same scrypt time and gets the same answer as a wrong password.
 */
export async function authenticateStaff(db: Tx, username: string, password: string): Promise<StaffLoginResult> {
  const [staff] = await db.select().from(staffUsers).where(eq(staffUsers.username, username)).limit(1);
  if (!staff) {
    await verifyDummyPassword(password);
    return { ok: false, reason: 'invalid' };
  }
  if (staff.lockedUntil && staff.lockedUntil > new Date()) return { ok: false, reason: 'locked' };

  if (await verifyPassword(password, staff.passwordHash)) {
    if (staff.failedLogins > 0 || staff.lockedUntil) {
      await db.update(staffUsers).set({ failedLogins: 0, lockedUntil: null }).where(eq(staffUsers.id, staff.id));
    }
    return { ok: true, staff: { id: staff.id, username: staff.username } };
  }

  // Counted in one statement so parallel attempts cannot lose an increment; an expired lock starts a new count.
  const count = sql`(case when ${staffUsers.lockedUntil} is not null and ${staffUsers.lockedUntil} <= now() then 1 else ${staffUsers.failedLogins} + 1 end)`;
  await db.update(staffUsers).set({
    failedLogins: count,
    lockedUntil: sql`case when ${count} >= ${MAX_FAILED_LOGINS} then now() + make_interval(mins => ${LOCK_MINUTES}) else null end`,
  }).where(eq(staffUsers.id, staff.id));
  return { ok: false, reason: 'invalid' };
}
