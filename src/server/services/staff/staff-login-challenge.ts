import { randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { staffLoginChallenges, staffUsers } from '#server/db/schema.ts';
import { hashSessionToken } from '#server/services/security/sessions.ts';

/**
 * Between the password step and the code step of a staff sign-in: a random token (only its SHA-256 stored), valid a
 * few minutes and for a few wrong codes, that proves the password was right. It opens no session and reaches no route
 * but the code step (or the enrolment an admin requires).
 */
export type ChallengeKind = 'code' | 'enrol';
const CHALLENGE_MINUTES = 5;
/** Then the password must be typed again (the sign-in throttle counts every code too). */
const CHALLENGE_MAX_FAILURES = 5;

export async function createChallenge(db: Tx, staffId: number, kind: ChallengeKind): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.delete(staffLoginChallenges).where(lt(staffLoginChallenges.expiresAt, new Date()));
  await db.insert(staffLoginChallenges).values({
    idHash: hashSessionToken(token),
    staffId,
    kind,
    expiresAt: new Date(Date.now() + CHALLENGE_MINUTES * 60_000),
  });
  return token;
}

export type Challenge = { idHash: string; staffId: number; username: string; kind: ChallengeKind };

/** A live challenge of that kind, with its member (enabled), or null. */
export async function findChallenge(db: Tx, token: string, kind: ChallengeKind): Promise<Challenge | null> {
  const idHash = hashSessionToken(token);
  const [row] = await db
    .select({ staffId: staffLoginChallenges.staffId, username: staffUsers.username, disabledAt: staffUsers.disabledAt })
    .from(staffLoginChallenges)
    .innerJoin(staffUsers, eq(staffUsers.id, staffLoginChallenges.staffId))
    .where(
      and(
        eq(staffLoginChallenges.idHash, idHash),
        eq(staffLoginChallenges.kind, kind),
        gt(staffLoginChallenges.expiresAt, new Date()),
      ),
    );
  if (!row || row.disabledAt) return null;
  return { idHash, staffId: row.staffId, username: row.username, kind };
}

/** A wrong code: counted, and the challenge ends at the limit. */
export async function challengeFailed(db: Tx, idHash: string) {
  const [row] = await db
    .update(staffLoginChallenges)
    .set({ failures: sql`${staffLoginChallenges.failures} + 1` })
    .where(eq(staffLoginChallenges.idHash, idHash))
    .returning({ failures: staffLoginChallenges.failures });
  if (row && row.failures >= CHALLENGE_MAX_FAILURES) await endChallenge(db, idHash);
}

export async function endChallenge(db: Tx, idHash: string) {
  await db.delete(staffLoginChallenges).where(eq(staffLoginChallenges.idHash, idHash));
}
