// Who the signed-in client is, read once per request with the session (DESIGN.md decision 4: one identity).
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { clients, clientSessions } from '../db/schema';
import type { AuthUser, ClientLoginResult, ClientSession } from '../../shared/client-api';
import { hashSessionToken } from './sessions';
import { currentPlanName } from './subscriptions';

/** The session behind a client cookie, with the account's identity (never its password hash). */
export type SignedInClient = {
  clientId: number;
  sessionHash: string;
  name: string;
  firstName: string;
  lastName: string;
  email: string;
  createdAt: Date;
};

/**
 * The session lookup of every signed-in client request: session and account in one statement, prepared once per
 * database, so a dashboard call costs one keyed read before its own work.
 */
export function clientSessionReader(db: Db) {
  const statement = db.select({
    clientId: clients.id,
    name: clients.name,
    firstName: clients.firstName,
    lastName: clients.lastName,
    email: clients.email,
    createdAt: clients.createdAt,
  }).from(clientSessions)
    .innerJoin(clients, eq(clients.id, clientSessions.clientId))
    .where(and(eq(clientSessions.idHash, sql.placeholder('hash')), gt(clientSessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('client_session');
  return async (token: string | undefined): Promise<SignedInClient | null> => {
    if (!token) return null;
    const sessionHash = hashSessionToken(token);
    const [row] = await statement.execute({ hash: sessionHash, now: new Date().toISOString() });
    return row ? { ...row, createdAt: new Date(row.createdAt), sessionHash } : null;
  };
}

/** GET /api/auth/user (SPEC §3 « User »). */
export function toAuthUser(client: SignedInClient): AuthUser {
  return {
    id: client.clientId, firstName: client.firstName, lastName: client.lastName, email: client.email,
    createdAt: client.createdAt.toISOString(),
  };
}

/** GET /api/client/session: name, e-mail and the name of the plan running today (null without one). */
export async function clientSessionOf(db: Tx, client: Pick<SignedInClient, 'clientId' | 'name' | 'email'>, now = new Date()): Promise<ClientSession> {
  return { name: client.name, email: client.email, plan: await currentPlanName(db, client.clientId, now) };
}

/** POST /api/client/login and /api/auth/login. */
export async function clientLoginResult(db: Tx, client: { id: number; name: string; email: string }): Promise<ClientLoginResult> {
  return { id: client.id, ...(await clientSessionOf(db, { clientId: client.id, name: client.name, email: client.email })) };
}
