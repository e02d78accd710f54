// An order created twice with the same Idempotency-Key (a double click, a retry after a lost answer) is made once.
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { orders } from '#server/db/schema.ts';
import { HttpError } from '#server/http-error.ts';
import type { OrderValues } from '#shared/orders/order-input.ts';

/** Takes turns per idempotency key (first number: this lock's own space). */
const IDEMPOTENCY_LOCK = 8_000_003;

const IDEMPOTENCY_MISMATCH =
  'Cette commande a déjà été créée avec d’autres informations. Rechargez la liste des commandes avant d’en créer une nouvelle.';

/**
 * What a creation asked, for comparing a request sent again: the values after validation, without the password
 * (an unsalted hash of it must not be stored).
 */
export function orderDigest(values: OrderValues): string {
  return createHash('sha256')
    .update(JSON.stringify({ ...values, password: undefined }))
    .digest('base64url');
}

/** The order an earlier request with this key made, if any; under a lock, so a concurrent twin waits and finds it. */
export async function orderOfKey(tx: Tx, key: string, digest: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(IDEMPOTENCY_LOCK))}, hashtext(${key}))`);
  const [row] = await tx
    .select({ id: orders.id, digest: orders.idempotencyDigest })
    .from(orders)
    .where(eq(orders.idempotencyKey, key));
  if (row && row.digest !== digest) throw new HttpError('IDEMPOTENCY_MISMATCH', IDEMPOTENCY_MISMATCH);
  return row;
}
