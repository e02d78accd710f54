// Who the signed-in client is, read once per request with the session (docs/decisions/029: one identity).
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import { keptStatement } from '#server/db/pglite-plans.ts';
import { clients, clientSessions } from '#server/db/schema.ts';
import type { AuthUser, ClientLoginResult } from '#shared/clients/client-api.ts';
import type { CurrentSubscription } from '#shared/subscriptions/subscription-api.ts';
import { hashSessionToken } from '#server/services/security/sessions.ts';
import {
  currentPlanName,
  subscriptionColumns,
  subscriptionMoment,
  toCurrentSubscription,
  type SubscriptionRow,
} from '#server/services/subscriptions/subscriptions.ts';

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

/** The account's identity as a signed-in request reads it, beside its session. */
const identity = {
  clientId: clients.id,
  name: clients.name,
  firstName: clients.firstName,
  lastName: clients.lastName,
  email: clients.email,
  createdAt: clients.createdAt,
};

/**
 * What the session statements share (this one and the page's, services/clients/client-page-read.ts): the identity,
 * the subscription running today, the open session behind a token, each with the same placeholders.
 */
export const sessionSelection = {
  identity,
  subscription: subscriptionColumns({
    clientId: clients.id,
    today: sql.placeholder('today'),
    monthStart: sql.placeholder('monthStart'),
  }),
  open: and(eq(clientSessions.idHash, sql.placeholder('hash')), gt(clientSessions.expiresAt, sql.placeholder('now'))),
};

type IdentityRow = Omit<SignedInClient, 'sessionHash' | 'createdAt'> & { createdAt: Date | string };

/** The placeholders' values for a token at this moment. */
export function sessionParams(token: string, now = new Date()) {
  return { hash: hashSessionToken(token), now: now.toISOString(), ...subscriptionMoment(now) };
}

/** A session statement's identity columns as the signed-in client behind the token's hash. */
export function toSignedInClient(row: IdentityRow, hash: string): SignedInClient {
  return { ...row, createdAt: new Date(row.createdAt), sessionHash: hash };
}

/** A row of the session statements as the signed-in client and their subscription. */
export function toSessionRead(
  row: IdentityRow & SubscriptionRow,
  params: ReturnType<typeof sessionParams>,
): Required<SessionRead> {
  const { running, next, used, ...client } = row;
  return {
    client: toSignedInClient(client, params.hash),
    subscription: toCurrentSubscription({ running, next, used }, params.today),
  };
}

/**
 * The session lookup of every signed-in client request: session and account in one statement, prepared once per
 * database, so a call costs one keyed read before its own work. A route that shows the subscription asks for it
 * in the same statement (its columns come from services/orders/subscriptions.ts), so the dashboard's card is one query too.
 */
export function clientSessionReader(db: Db) {
  const { subscription, open } = sessionSelection;
  const plain = keptStatement(
    db,
    'client_session',
    db
      .select(identity)
      .from(clientSessions)
      .innerJoin(clients, eq(clients.id, clientSessions.clientId))
      .where(open)
      .limit(1),
  );
  const withSubscription = keptStatement(
    db,
    'client_session_subscription',
    db
      .select({ ...identity, ...subscription })
      .from(clientSessions)
      .innerJoin(clients, eq(clients.id, clientSessions.clientId))
      .where(open)
      .limit(1),
  );

  return async (token: string | undefined, options: { subscription?: boolean } = {}): Promise<SessionRead | null> => {
    if (!token) return null;
    const params = sessionParams(token);
    if (!options.subscription) {
      const [row] = await plain.execute({ hash: params.hash, now: params.now });
      return row ? { client: toSignedInClient(row, params.hash) } : null;
    }
    const [row] = await withSubscription.execute(params);
    return row ? toSessionRead(row, params) : null;
  };
}

/** GET /api/auth/user (docs/specification.md §3 « User »). */
export function toAuthUser(client: SignedInClient): AuthUser {
  return {
    id: client.clientId,
    firstName: client.firstName,
    lastName: client.lastName,
    email: client.email,
    createdAt: client.createdAt.toISOString(),
  };
}

/** POST /api/client/login and /api/auth/login: who signed in, and the name of the plan running today (null without one). */
export async function clientLoginResult(
  db: Tx,
  client: { id: number; name: string; email: string },
): Promise<ClientLoginResult> {
  return { id: client.id, name: client.name, email: client.email, plan: await currentPlanName(db, client.id) };
}
