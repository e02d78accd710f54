import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { OpenSessionDto } from '#shared/staff/staff-api.ts';
import type { StaffRole } from '#shared/staff/staff-labels.ts';
import { periodMs, RETENTION } from '#shared/privacy/retention-periods.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { keptStatement } from '#server/db/pglite-plans.ts';
import { clientSessions, staffLoginChallenges, staffSessions, staffUsers } from '#server/db/schema.ts';

const STAFF_SESSION_MS = 12 * 60 * 60 * 1000;
const CLIENT_SESSION_MS = periodMs(RETENTION.clientSessions);

export type StaffIdentity = {
  id: number;
  username: string;
  role: StaffRole;
  unlocked: boolean;
  sessionHash: string;
  sessionId: number;
  /** the session was opened with a second factor (TOTP or a recovery code) */
  secondFactor: boolean;
  /** where this request comes from, written into the audit log with every change this member makes */
  address?: string;
};

/** Where a session was opened from, shown to its owner in « Mes sessions ». */
export type SessionOrigin = { address: string; userAgent: string };
const USER_AGENT_MAX = 300;
const LAST_SEEN_STEP_MS = 60_000;

/** Only the SHA-256 of a cookie value is stored (decision 004): a copy of the table opens no session. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function newToken() {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSessionToken(token) };
}

/**
 * A new random token at every sign-in (never one the browser brought: no session fixation). `previousToken`, the
 * cookie the browser still sent, if any, is ended on the server: it is being replaced. A session opened with a second
 * factor that opens the download tab starts `unlocked`: the tab asks no secret code of it (docs/decisions/009).
 */
export async function createStaffSession(
  db: Tx,
  staffId: number,
  origin: SessionOrigin,
  previousToken?: string,
  factor: { secondFactor: boolean; unlocked: boolean } = { secondFactor: false, unlocked: false },
) {
  const { token, hash } = newToken();
  const expiresAt = new Date(Date.now() + STAFF_SESSION_MS);
  // Sweeping expired rows here keeps the table small without a scheduler.
  await db.delete(staffSessions).where(lt(staffSessions.expiresAt, new Date()));
  if (previousToken) await db.delete(staffSessions).where(eq(staffSessions.idHash, hashSessionToken(previousToken)));
  await db.insert(staffSessions).values({
    idHash: hash,
    staffId,
    expiresAt,
    address: origin.address,
    userAgent: origin.userAgent.slice(0, USER_AGENT_MAX),
    secondFactor: factor.secondFactor,
    unlocked: factor.secondFactor && factor.unlocked,
  });
  return { token, expiresAt };
}

/**
 * The session lookup of every back-office request, prepared once per database; on PGlite its plan is kept too
 * (db/pglite-plans.ts), as for the client's session read.
 */
function staffSessionStatement(db: Db) {
  return keptStatement(
    db,
    'staff_session',
    db
      .select({
        id: staffUsers.id,
        username: staffUsers.username,
        role: staffUsers.role,
        unlocked: staffSessions.unlocked,
        secondFactor: staffSessions.secondFactor,
        sessionId: staffSessions.id,
        lastSeenAt: staffSessions.lastSeenAt,
      })
      .from(staffSessions)
      .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffId))
      // A disabled member's sessions are deleted when they are disabled; the check here is the second lock.
      .where(
        and(
          eq(staffSessions.idHash, sql.placeholder('hash')),
          gt(staffSessions.expiresAt, sql.placeholder('now')),
          isNull(staffUsers.disabledAt),
        ),
      )
      .limit(1),
  );
}
const staffSessionStatements = new WeakMap<Db, ReturnType<typeof staffSessionStatement>>();

export async function findStaffSession(db: Db, token: string | undefined): Promise<StaffIdentity | null> {
  if (!token) return null;
  const hash = hashSessionToken(token);
  let statement = staffSessionStatements.get(db);
  if (!statement) staffSessionStatements.set(db, (statement = staffSessionStatement(db)));
  const [row] = await statement.execute({ hash, now: new Date().toISOString() });
  if (!row) return null;
  const { lastSeenAt, ...identity } = row;
  if (Date.now() - new Date(lastSeenAt).getTime() > LAST_SEEN_STEP_MS) {
    await db.update(staffSessions).set({ lastSeenAt: new Date() }).where(eq(staffSessions.idHash, hash));
  }
  return { ...identity, sessionHash: hash };
}

/** The open sessions of one staff member, the current one first, then by last activity. */
export async function listStaffSessions(
  db: Tx,
  staff: Pick<StaffIdentity, 'id' | 'sessionId'>,
): Promise<OpenSessionDto[]> {
  const rows = await db
    .select()
    .from(staffSessions)
    .where(and(eq(staffSessions.staffId, staff.id), gt(staffSessions.expiresAt, new Date())))
    .orderBy(desc(staffSessions.lastSeenAt), desc(staffSessions.id));
  return rows
    .map((r) => ({
      id: r.id,
      current: r.id === staff.sessionId,
      createdAt: r.createdAt.toISOString(),
      lastSeenAt: r.lastSeenAt.toISOString(),
      expiresAt: r.expiresAt.toISOString(),
      address: r.address,
      userAgent: r.userAgent,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** Ends one session of that staff member; false when it is not theirs or no longer exists. */
export async function endStaffSession(db: Tx, staffId: number, sessionId: number): Promise<boolean> {
  const ended = await db
    .delete(staffSessions)
    .where(and(eq(staffSessions.staffId, staffId), eq(staffSessions.id, sessionId)))
    .returning({ id: staffSessions.id });
  return ended.length > 0;
}

/**
 * A sign-in half-way, between the password and the code (services/staff/staff-login-challenge.ts), ends with the
 * sessions: one fetched with a password since changed would otherwise still open a session, or enrol a thief's phone.
 */
async function endSignInsUnderWay(db: Tx, staffId: number) {
  await db.delete(staffLoginChallenges).where(eq(staffLoginChallenges.staffId, staffId));
}

/** Ends every session of that staff member but the current one, and their sign-ins under way; returns how many. */
export async function endOtherStaffSessions(db: Tx, staff: Pick<StaffIdentity, 'id' | 'sessionId'>): Promise<number> {
  await endSignInsUnderWay(db, staff.id);
  const ended = await db
    .delete(staffSessions)
    .where(and(eq(staffSessions.staffId, staff.id), ne(staffSessions.id, staff.sessionId)))
    .returning({ id: staffSessions.id });
  return ended.length;
}

/**
 * Ends every session of a staff member (disabled, new password, « Fermer ses sessions »), and their sign-ins under
 * way; returns how many sessions.
 */
export async function endAllStaffSessions(db: Tx, staffId: number): Promise<number> {
  await endSignInsUnderWay(db, staffId);
  const ended = await db
    .delete(staffSessions)
    .where(eq(staffSessions.staffId, staffId))
    .returning({ id: staffSessions.id });
  return ended.length;
}

export async function unlockStaffSession(db: Tx, sessionHash: string) {
  await db.update(staffSessions).set({ unlocked: true }).where(eq(staffSessions.idHash, sessionHash));
}

export async function deleteStaffSession(db: Tx, sessionHash: string) {
  await db.delete(staffSessions).where(eq(staffSessions.idHash, sessionHash));
}

export async function createClientSession(db: Tx, clientId: number) {
  const { token, hash } = newToken();
  const expiresAt = new Date(Date.now() + CLIENT_SESSION_MS);
  await db.delete(clientSessions).where(lt(clientSessions.expiresAt, new Date()));
  await db.insert(clientSessions).values({ idHash: hash, clientId, expiresAt });
  return { token, expiresAt };
}

/** The client id behind a cookie value, or null when unknown or expired. */
export async function findClientSession(
  db: Tx,
  token: string | undefined,
): Promise<{ clientId: number; sessionHash: string } | null> {
  if (!token) return null;
  const hash = hashSessionToken(token);
  const [row] = await db
    .select({ clientId: clientSessions.clientId })
    .from(clientSessions)
    .where(and(eq(clientSessions.idHash, hash), gt(clientSessions.expiresAt, new Date())))
    .limit(1);
  return row ? { clientId: row.clientId, sessionHash: hash } : null;
}

/** Ends one session; answers whose it was (null: none), so signing out can end what the session held open. */
export async function deleteClientSession(db: Tx, sessionHash: string): Promise<number | null> {
  const [row] = await db
    .delete(clientSessions)
    .where(eq(clientSessions.idHash, sessionHash))
    .returning({ clientId: clientSessions.clientId });
  return row?.clientId ?? null;
}

/** A new password ends every open session of that client: whoever knew the old one is signed out. */
export async function deleteClientSessionsOf(db: Tx, clientId: number) {
  await db.delete(clientSessions).where(eq(clientSessions.clientId, clientId));
}
