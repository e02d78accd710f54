import { randomUUID } from 'node:crypto';
import type { Tx } from '#server/db/client.ts';
import type { orders } from '#server/db/schema.ts';
import type { PlanId } from '#shared/plans.ts';
import type { MailParams } from './mail-params.ts';
import type { MailQueue } from './outbox.ts';

type Order = Pick<typeof orders.$inferSelect, 'id' | 'plan' | 'price' | 'paymentMethod' | 'paymentStatus'>;

/**
 * New credentials for a client (an order, a validated registration, « Régénérer »): the password travels sealed and
 * only in this message; an older one not yet sent is cancelled (its password no longer works). With an order, the
 * message gives its payment terms.
 */
export async function queueCredentialsMail(
  tx: Tx,
  mail: MailQueue,
  input: {
    clientId: number;
    to: { email: string; name: string };
    username: string;
    password: string;
    order?: Order | null;
    requestedPlanId?: PlanId | null;
  },
): Promise<void> {
  const order: MailParams['credentials']['order'] = input.order
    ? {
        id: input.order.id,
        planId: input.order.plan,
        price: input.order.price,
        paymentMethod: input.order.paymentMethod,
        paymentStatus: input.order.paymentStatus,
      }
    : null;
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

export type PaidOrder = Pick<typeof orders.$inferSelect, 'id' | 'clientId' | 'clientName' | 'clientEmail' | 'plan'>;

/** A credit note just issued on an order's invoice, PDF attached: once per credit note. */
export async function queueCreditNoteMail(
  tx: Tx,
  mail: MailQueue,
  order: Pick<PaidOrder, 'clientId' | 'clientName' | 'clientEmail'>,
  note: {
    id: number;
    number: string;
    invoiceNumber: string;
    amount: string;
    cancelsInFull: boolean;
  },
): Promise<void> {
  await mail.queue(tx, {
    key: `credit_note:${note.id}`,
    kind: 'credit_note',
    to: order.clientEmail,
    clientId: order.clientId,
    params: {
      documentId: note.id,
      name: order.clientName,
      number: note.number,
      invoiceNumber: note.invoiceNumber,
      amount: note.amount,
      cancelsInFull: note.cancelsInFull,
    },
  });
}

/**
 * The invoice of an order just paid, PDF attached (rendered when sent: an issued invoice never changes). Once per
 * order: an order paid, unpaid by mistake and paid again is not invoiced twice by mail.
 */
export async function queueInvoiceMail(tx: Tx, mail: MailQueue, order: PaidOrder): Promise<void> {
  await mail.queue(tx, {
    key: `invoice:${order.id}`,
    kind: 'invoice',
    to: order.clientEmail,
    clientId: order.clientId,
    params: { orderId: order.id, name: order.clientName, planId: order.plan },
  });
}
