// « Sécurité »: whether every staff member must sign in with a second factor.
import { and, eq, ne, sql } from 'drizzle-orm';
import type { SecuritySettings } from '#shared/staff/two-factor.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { appSettings, staffSessions } from '#server/db/schema.ts';
import { writeAudit, type Actor } from '#server/services/security/audit.ts';

const REQUIRE_KEY = 'require_two_factor';

export async function securitySettings(db: Tx): Promise<SecuritySettings> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, REQUIRE_KEY));
  return { requireTwoFactor: row?.value === true };
}

/**
 * Turning the requirement on also ends every session opened without a second factor, but the acting admin's own: a
 * requirement that waited for sessions to expire (up to their full length) would leave a stolen password enough for
 * days. Those members sign in again and enrol first.
 */
export async function updateSecuritySettings(
  db: Db,
  actor: Actor & { sessionId: number },
  next: SecuritySettings,
): Promise<SecuritySettings> {
  return db.transaction(async (tx) => {
    const current = await securitySettings(tx);
    if (current.requireTwoFactor === next.requireTwoFactor) return current;
    await tx
      .insert(appSettings)
      .values({ key: REQUIRE_KEY, value: next.requireTwoFactor })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: next.requireTwoFactor, updatedAt: sql`now()` } });
    const ended = next.requireTwoFactor
      ? await tx
          .delete(staffSessions)
          .where(and(eq(staffSessions.secondFactor, false), ne(staffSessions.id, actor.sessionId)))
          .returning({ id: staffSessions.id })
      : [];
    await writeAudit(tx, actor, {
      action: 'settings.require_two_factor',
      entity: 'settings',
      entityId: REQUIRE_KEY,
      before: { requireTwoFactor: current.requireTwoFactor },
      after: {
        requireTwoFactor: next.requireTwoFactor,
        ...(next.requireTwoFactor ? { sessionsEnded: ended.length } : {}),
      },
    });
    return next;
  });
}
