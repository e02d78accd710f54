import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { clientSessions, staffSessions, staffUsers } from '../db/schema';

export const STAFF_SESSION_MS = 12 * 60 * 60 * 1000;
export const CLIENT_SESSION_MS = 30 * 24 * 60 * 60 * 1000;

export type StaffIdentity = { id: number; username: string; unlocked: boolean; sessionHash: string };

/** Only the SHA-256 of a cookie value is stored (decision 004): a copy of the table opens no session. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function newToken() {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSessionToken(token) };
}

export async function createStaffSession(db: Tx, staffId: number) {
  const { token, hash } = newToken();
  const expiresAt = new Date(Date.now() + STAFF_SESSION_MS);
  // Sweeping expired rows here keeps the table small without a scheduler.
  await db.delete(staffSessions).where(lt(staffSessions.expiresAt, new Date()));
  await db.insert(staffSessions).values({ idHash: hash, staffId, expiresAt });
  return { token, expiresAt };
}

export async function findStaffSession(db: Tx, token: string | undefined): Promise<StaffIdentity | null> {
  if (!token) return null;
  const hash = hashSessionToken(token);
  const [row] = await db
    .select({ id: staffUsers.id, username: staffUsers.username, unlocked: staffSessions.unlocked })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffId))
    .where(and(eq(staffSessions.idHash, hash), gt(staffSessions.expiresAt, new Date())))
    .limit(1);
  return row ? { ...row, sessionHash: hash } : null;
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
export async function findClientSession(db: Tx, token: string | undefined): Promise<{ clientId: number; sessionHash: string } | null> {
  if (!token) return null;
  const hash = hashSessionToken(token);
  const [row] = await db.select({ clientId: clientSessions.clientId }).from(clientSessions)
    .where(and(eq(clientSessions.idHash, hash), gt(clientSessions.expiresAt, new Date())))
    .limit(1);
  return row ? { clientId: row.clientId, sessionHash: hash } : null;
}

export async function deleteClientSession(db: Tx, sessionHash: string) {
  await db.delete(clientSessions).where(eq(clientSessions.idHash, sessionHash));
}

/** A new password ends every open session of that client: whoever knew the old one is signed out. */
export async function deleteClientSessionsOf(db: Tx, clientId: number) {
  await db.delete(clientSessions).where(eq(clientSessions.clientId, clientId));
}
