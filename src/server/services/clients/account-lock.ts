// The order in which a transaction takes a client's account and a row of theirs (docs/decisions/045).
import { and, eq, notLike } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { clients } from '#server/db/schema.ts';
import type { devices, inboxItems, interventions, orders } from '#server/db/schema.ts';
import { HttpError } from '#server/http-error.ts';
import { CLIENT_UNAUTHORIZED } from '#shared/clients/client-api.ts';
import { ERASED_EMAILS } from '#shared/clients/erased-account.ts';

/** The accounts not erased (shared/clients/erased-account.ts), for a query on `clients`. */
export const accountNotErased = notLike(clients.email, ERASED_EMAILS);

/** What an erasure changes after locking the account, each row carrying its client. */
type OwnedBy = typeof interventions | typeof devices | typeof orders | typeof inboxItems;

/**
 * To call before locking one of these rows for a change: holds its client's account (FOR KEY SHARE, which only an
 * erasure or another account-wide lock waits for). An erasure locks the account, then changes the client's requests,
 * devices, orders and inbox items; a change that held one of them first and then wrote a row pointing at the account
 * (an e-mail to the client in the outbox, an invoice) would wait for the erasure while the erasure waited for it, and
 * PostgreSQL would cancel one of them. A row without a client (an order not yet linked to an account) holds nothing.
 */
export async function holdAccountOf(tx: Tx, table: OwnedBy, id: number) {
  await tx
    .select({ id: clients.id })
    .from(clients)
    .innerJoin(table, eq(table.clientId, clients.id))
    .where(eq(table.id, id))
    .for('key share', { of: clients });
}

/**
 * The same for a change the signed-in client makes: their own account, so another client's id never locks anyone
 * else's, and refused (401, as a session that has ended) when the account was erased while the change waited for the
 * erasure, which would otherwise write their words again after it. `update` for a change that counts against the
 * whole account (a place of the plan, the attachment quota), so that two at once are counted one after the other.
 */
export async function holdOwnAccount(tx: Tx, clientId: number, strength: 'key share' | 'update' = 'key share') {
  const [held] = await tx
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.id, clientId), accountNotErased))
    .for(strength);
  if (!held) throw new HttpError('UNAUTHENTICATED', CLIENT_UNAUTHORIZED);
}
