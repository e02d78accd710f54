// The order in which a transaction takes a client's account and a row of theirs (docs/decisions/045).
import { eq } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { clients } from '#server/db/schema.ts';
import type { devices, interventions, orders } from '#server/db/schema.ts';

/** What an erasure changes after locking the account, each row carrying its client. */
type OwnedBy = typeof interventions | typeof devices | typeof orders;

/**
 * To call before locking one of these rows for a change: holds its client's account (FOR KEY SHARE, which only an
 * erasure or another account-wide lock waits for). An erasure locks the account, then changes the client's requests,
 * devices and orders; a change that held one of them first and then wrote a row pointing at the account (an e-mail to
 * the client in the outbox, an invoice) would wait for the erasure while the erasure waited for it, and PostgreSQL
 * would cancel one of them. A row without a client (an order not yet linked to an account) holds nothing.
 */
export async function holdAccountOf(tx: Tx, table: OwnedBy, id: number) {
  await tx
    .select({ id: clients.id })
    .from(clients)
    .innerJoin(table, eq(table.clientId, clients.id))
    .where(eq(table.id, id))
    .for('key share', { of: clients });
}
