// What a client agreed to when ordering, as stored on the order or the registration (docs/decisions/041).
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { inboxItems, orders } from '#server/db/schema.ts';
import { CURRENT_CGV } from '#shared/orders/cgv-versions.ts';

export type OrderConsent = { cgvVersion: string | null; cgvAcceptedAt: Date | null; expressRequestAt: Date | null };

/** The boxes as ticked now: the CGV in force, and the express request only when asked. */
export function consentOf(input: { acceptCgv: boolean; expressStart: boolean }, now: Date): OrderConsent {
  return {
    cgvVersion: input.acceptCgv ? CURRENT_CGV.version : null,
    cgvAcceptedAt: input.acceptCgv ? now : null,
    expressRequestAt: input.expressStart ? now : null,
  };
}

/**
 * A registration with a plan is the client's first order: staff record it as an order once the account exists. The
 * boxes its sender ticked go with the account's first order that carries none, and with that one only.
 */
export async function registrationConsent(tx: Tx, clientId: number): Promise<OrderConsent | null> {
  const [already] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.clientId, clientId), isNotNull(orders.cgvAcceptedAt)))
    .limit(1);
  if (already) return null;
  const [registration] = await tx
    .select({
      cgvVersion: inboxItems.cgvVersion,
      cgvAcceptedAt: inboxItems.cgvAcceptedAt,
      expressRequestAt: inboxItems.expressRequestAt,
    })
    .from(inboxItems)
    .where(
      and(eq(inboxItems.clientId, clientId), eq(inboxItems.kind, 'registration'), isNotNull(inboxItems.cgvAcceptedAt)),
    )
    .orderBy(desc(inboxItems.createdAt))
    .limit(1);
  return registration ?? null;
}
