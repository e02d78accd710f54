// The contract confirmation (consumer code L221-13): once per order, in the transaction that first marks it paid.
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { orders } from '#server/db/schema.ts';
import type { MailQueue } from '#server/services/mail/outbox.ts';
import { CURRENT_CGV } from '#shared/orders/cgv-versions.ts';
import { todayIso } from '#shared/format.ts';

/**
 * Queues the confirmation of the contract an order concludes on its first payment: plan, price, term, the CGV version
 * accepted (the one in force for an order staff entered by hand), the withdrawal information and form. An order paid
 * again after a mistake is not confirmed twice (contract_mailed_at, taken under the row's lock).
 */
export async function queueContractConfirmation(tx: Tx, mail: MailQueue, orderId: number, now = new Date()) {
  const [order] = await tx
    .update(orders)
    .set({ contractMailedAt: now })
    .where(and(eq(orders.id, orderId), isNull(orders.contractMailedAt)))
    .returning();
  if (!order) return;
  await mail.queue(tx, {
    key: `contract:${order.id}`,
    kind: 'contract_confirmation',
    to: order.clientEmail,
    clientId: order.clientId,
    params: {
      orderId: order.id,
      name: order.clientName,
      planId: order.plan,
      price: order.price,
      concludedOn: todayIso(now),
      cgvVersion: order.cgvVersion ?? CURRENT_CGV.version,
      expressRequest: order.expressRequestAt !== null,
    },
  });
}
