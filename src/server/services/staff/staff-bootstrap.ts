import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '#server/db/client.ts';
import type { Config } from '#server/config.ts';
import { staffRecoveryCodes, staffUsers } from '#server/db/schema.ts';
import { hashPassword, verifyAndUpgrade, verifyPassword } from '#server/services/security/passwords.ts';
import { endAllStaffSessions } from '#server/services/security/sessions.ts';
import { writeAudit } from '#server/services/security/audit.ts';

const DEFAULT_STAFF_USERNAME = 'admin';

/**
 * ADMIN_USERNAME + ADMIN_PASSWORD create that staff account (an admin) on start-up. A value of ADMIN_PASSWORD is
 * applied once: its hash is kept in env_password_hash, so later restarts with the same value leave alone a password
 * the member changed in the back-office (docs/decisions/007). A new value resets the password, makes the account an
 * enabled admin again (the way back in when every admin is locked out, a lost phone included: its two-factor sign-in
 * is removed) and ends its sessions. With neither variable
 * and an empty table, an 'admin' account gets a random password, logged once: there is no other way to learn it.
 */
export async function ensureStaffAccount(db: Db, config: Config, logger: Pick<Logger, 'info' | 'warn'>): Promise<void> {
  if (config.ADMIN_USERNAME && config.ADMIN_PASSWORD) {
    const username = config.ADMIN_USERNAME;
    const password = config.ADMIN_PASSWORD;
    const [existing] = await db.select().from(staffUsers).where(eq(staffUsers.username, username)).limit(1);
    const applied = existing?.envPasswordHash;
    // A hash of this value made before Argon2id (or at another cost) is replaced now that the value is known.
    if (
      existing &&
      applied &&
      (await verifyAndUpgrade(password, applied, (envPasswordHash) =>
        db
          .update(staffUsers)
          .set({ envPasswordHash })
          .where(and(eq(staffUsers.id, existing.id), eq(staffUsers.envPasswordHash, applied))),
      ))
    ) {
      return;
    }
    if (existing && (await verifyPassword(password, existing.passwordHash))) {
      // Set before env_password_hash existed, or by hand to the same value: remember it as applied, change nothing.
      await db.update(staffUsers).set({ envPasswordHash: existing.passwordHash }).where(eq(staffUsers.id, existing.id));
      return;
    }
    const passwordHash = await hashPassword(password);
    const sessionsEnded = await db.transaction(async (tx) => {
      const values = {
        passwordHash,
        envPasswordHash: passwordHash,
        role: 'admin' as const,
        disabledAt: null,
        totpSecret: null,
        totpPendingSecret: null,
        totpEnabledAt: null,
        totpLastStep: null,
      };
      const [row] = await tx
        .insert(staffUsers)
        .values({ username, ...values })
        .onConflictDoUpdate({ target: staffUsers.username, set: values })
        .returning({ id: staffUsers.id });
      const ended = await endAllStaffSessions(tx, row!.id);
      await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, row!.id));
      await writeAudit(
        tx,
        { id: null, username: 'démarrage' },
        {
          action: existing ? 'staff.password_env' : 'staff.create',
          entity: 'staff',
          entityId: row!.id,
          after: { username, role: 'admin', sessionsEnded: ended, twoFactor: false },
        },
      );
      return ended;
    });
    logger.info(
      { username, sessionsEnded },
      existing
        ? 'staff password reset from a new ADMIN_PASSWORD; the account is an enabled admin again and the open sessions of that account ended'
        : 'staff account created from ADMIN_USERNAME/ADMIN_PASSWORD',
    );
    return;
  }
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(staffUsers);
  if (count > 0) return;

  const password = randomBytes(15).toString('base64url');
  const created = await db
    .insert(staffUsers)
    .values({ username: DEFAULT_STAFF_USERNAME, passwordHash: await hashPassword(password) })
    .onConflictDoNothing()
    .returning({ id: staffUsers.id });
  if (created.length === 0) return; // another process created it first
  logger.warn(
    `Compte staff créé / staff account created: identifiant « ${DEFAULT_STAFF_USERNAME} », mot de passe « ${password} ». ` +
      'Notez-le maintenant, il ne sera plus affiché (write it down now; set ADMIN_USERNAME and ADMIN_PASSWORD to choose your own).',
  );
}
