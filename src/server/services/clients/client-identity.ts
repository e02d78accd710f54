// Who the signed-in client is, read once per request with the session (DESIGN.md decision 4: one identity).
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { clients, clientSessions } from '../../db/schema';
import type { AuthUser, ClientLoginResult, CurrentSubscription } from '../../../shared/client-api';
import { hashSessionToken } from '../security/sessions';
import { currentPlanName, subscriptionColumns, subscriptionMoment, toCurrentSubscription } from '../orders/subscriptions';

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

/** A signed-in client and, when the route asked for it, the subscription running today (null without one). */
export type SessionRead = { client: SignedInClient; subscription?: CurrentSubscription | null };

/**
 * The session lookup of every signed-in client request: session and account in one statement, prepared once per
 * database, so a call costs one keyed read before its own work. A route that shows the subscription asks for it
 * in the same statement (its columns come from services/orders/subscriptions.ts), so the dashboard's card is one query too.
 */
export function clientSessionReader(db: Db) {
  const identity = {
    clientId: clients.id,
    name: clients.name,
    firstName: clients.firstName,
    lastName: clients.lastName,
    email: clients.email,
    createdAt: clients.createdAt,
  };
  const open = and(eq(clientSessions.idHash, sql.placeholder('hash')), gt(clientSessions.expiresAt, sql.placeholder('now')));
  const plain = db.select(identity).from(clientSessions).innerJoin(clients, eq(clients.id, clientSessions.clientId))
    .where(open).limit(1).prepare('client_session');
  const subscription = subscriptionColumns({ clientId: clients.id, today: sql.placeholder('today'), monthStart: sql.placeholder('monthStart') });
  const withSubscription = db.select({ ...identity, ...subscription }).from(clientSessions)
    .innerJoin(clients, eq(clients.id, clientSessions.clientId))
    .where(open).limit(1).prepare('client_session_subscription');

  return async (token: string | undefined, options: { subscription?: boolean } = {}): Promise<SessionRead | null> => {
    if (!token) return null;
    const sessionHash = hashSessionToken(token);
    const now = new Date();
    if (!options.subscription) {
      const [row] = await plain.execute({ hash: sessionHash, now: now.toISOString() });
      return row ? { client: { ...row, createdAt: new Date(row.createdAt), sessionHash } } : null;
    }
    const moment = subscriptionMoment(now);
    const [row] = await withSubscription.execute({ hash: sessionHash, now: now.toISOString(), ...moment });
    if (!row) return null;
    const { running, next, used, ...client } = row;
    return {
      client: { ...client, createdAt: new Date(client.createdAt), sessionHash },
      subscription: toCurrentSubscription({ running, next, used }, moment.today),
    };
  };
}

/** GET /api/auth/user (SPEC §3 « User »). */
export function toAuthUser(client: SignedInClient): AuthUser {
  return {
    id: client.clientId, firstName: client.firstName, lastName: client.lastName, email: client.email,
    createdAt: client.createdAt.toISOString(),
  };
}

/** POST /api/client/login and /api/auth/login: who signed in, and the name of the plan running today (null without one). */
export async function clientLoginResult(db: Tx, client: { id: number; name: string; email: string }): Promise<ClientLoginResult> {
  return { id: client.id, name: client.name, email: client.email, plan: await currentPlanName(db, client.id) };
}
