import { and, eq } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { staffUsers } from '#server/db/schema.ts';
import { verifyAndUpgrade, verifyDummyPassword } from '#server/services/security/passwords.ts';

export type StaffAccount = { id: number; username: string };

/**
 * Checks a staff password. An unknown username costs the same hashing time and gets the same answer as a wrong
 * password; how often one may try is decided before, by services/security/login-throttle.ts.
 */
export async function authenticateStaff(db: Tx, username: string, password: string): Promise<StaffAccount | null> {
  const [staff] = await db.select().from(staffUsers).where(eq(staffUsers.username, username)).limit(1);
  if (!staff) {
    await verifyDummyPassword(password);
    return null;
  }
  // A hash made at a former cost is replaced now that the password is known, unless it changed meanwhile.
  const right = await verifyAndUpgrade(password, staff.passwordHash, (passwordHash) =>
    db
      .update(staffUsers)
      .set({ passwordHash })
      .where(and(eq(staffUsers.id, staff.id), eq(staffUsers.passwordHash, staff.passwordHash))),
  );
  if (!right) return null;
  return { id: staff.id, username: staff.username };
}

/** The account a typed username names exactly (as the sign-in compares), if any. */
export async function staffNamed(db: Tx, username: string): Promise<StaffAccount | null> {
  const [staff] = await db
    .select({ id: staffUsers.id, username: staffUsers.username })
    .from(staffUsers)
    .where(eq(staffUsers.username, username))
    .limit(1);
  return staff ?? null;
}
