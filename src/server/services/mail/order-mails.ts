import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { manualOrders } from '../../db/schema';
import type { PlanId } from '../../../shared/plans';
import type { MailParams } from './mail-params';
import type { MailQueue } from './outbox';

type Order = Pick<typeof manualOrders.$inferSelect, 'id' | 'plan' | 'price' | 'paymentMethod' | 'paymentStatus'>;

/**
 * New credentials for a client (an order, a validated registration, « Régénérer »): the password travels sealed and
 * only in this message; an older one not yet sent is cancelled (its password no longer works). With an order, the
 * message gives its payment terms.
 */
export async function queueCredentialsMail(tx: Tx, mail: MailQueue, input: {
  clientId: number; to: { email: string; name: string }; username: string; password: string;
  order?: Order | null; requestedPlanId?: PlanId | null;
}): Promise<void> {
  const order: MailParams['credentials']['order'] = input.order ? {
    id: input.order.id, planId: input.order.plan, price: input.order.price,
    paymentMethod: input.order.paymentMethod, paymentStatus: input.order.paymentStatus,
  } : null;
  await mail.queue(tx, {
    // Each issue of credentials is its own message.
    key: `credentials:${input.clientId}:${randomUUID()}`,
    kind: 'credentials',
    to: input.to.email,
    clientId: input.clientId,
    secret: input.password,
    params: { name: input.to.name, username: input.username, order, requestedPlanId: input.requestedPlanId ?? null },
  });
}

/**
 * The invoice of a paid order, PDF attached (rendered when sent: an issued invoice never changes). Once per order:
 * an order paid, unpaid by mistake and paid again is not invoiced twice by mail.
 */
export async function queueInvoiceMail(tx: Tx, mail: MailQueue, orderId: number): Promise<void> {
  const [order] = await tx.select({
    id: manualOrders.id, clientId: manualOrders.clientId, name: manualOrders.clientName, email: manualOrders.clientEmail,
    plan: manualOrders.plan, price: manualOrders.price, startsOn: manualOrders.startsOn, endsOn: manualOrders.endsOn,
    paymentStatus: manualOrders.paymentStatus,
  }).from(manualOrders).where(eq(manualOrders.id, orderId));
  if (!order || order.paymentStatus !== 'paid' || !order.startsOn || !order.endsOn) return;
  await mail.queue(tx, {
    key: `invoice:${order.id}`,
    kind: 'invoice',
    to: order.email,
    clientId: order.clientId,
    params: { orderId: order.id, name: order.name, planId: order.plan, price: order.price, startsOn: order.startsOn, endsOn: order.endsOn },
  });
}
