import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import type { Config } from '../config';
import { staffUsers } from '../db/schema';
import { hashPassword, verifyPassword } from './passwords';
import { setStaffPassword } from './staff-auth';

export const DEFAULT_STAFF_USERNAME = 'admin';

/**
 * ADMIN_USERNAME + ADMIN_PASSWORD create that staff account or reset its password, which ends its open sessions.
 * A restart with the same password changes nothing (nobody is signed out by a deploy). With neither and an empty
 * table, an 'admin' account gets a random password, logged once: there is no other way to learn it.
 */
export async function ensureStaffAccount(db: Db, config: Config, logger: Pick<Logger, 'info' | 'warn'>): Promise<void> {
  if (config.ADMIN_USERNAME && config.ADMIN_PASSWORD) {
    const username = config.ADMIN_USERNAME;
    const [existing] = await db.select().from(staffUsers).where(eq(staffUsers.username, username)).limit(1);
    if (existing && await verifyPassword(config.ADMIN_PASSWORD, existing.passwordHash)) return;
    const { sessionsEnded } = await setStaffPassword(db, username, await hashPassword(config.ADMIN_PASSWORD));
    logger.info({ username, sessionsEnded }, existing
      ? 'staff password reset from ADMIN_PASSWORD; open sessions of that account ended'
      : 'staff account created from ADMIN_USERNAME/ADMIN_PASSWORD');
    return;
  }
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(staffUsers);
  if (count > 0) return;

  const password = randomBytes(15).toString('base64url');
  const created = await db.insert(staffUsers).values({ username: DEFAULT_STAFF_USERNAME, passwordHash: await hashPassword(password) })
    .onConflictDoNothing().returning({ id: staffUsers.id });
  if (created.length === 0) return; // another process created it first
  logger.warn(
    `Compte staff créé / staff account created: identifiant « ${DEFAULT_STAFF_USERNAME} », mot de passe « ${password} ». `
    + 'Notez-le maintenant, il ne sera plus affiché (write it down now; set ADMIN_USERNAME and ADMIN_PASSWORD to choose your own).',
  );
}
