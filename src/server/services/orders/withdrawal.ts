// « Me rétracter » (consumer code L221-18 to L221-25): a client withdraws from a paid order within 14 days of its
// conclusion; staff see it on the order with the amount to give back, which they issue as the credit note (and refund
// the card where it was paid online). docs/decisions/041.
import { holdOwnAccount } from '#server/services/clients/account-lock.ts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { invoices, orders } from '#server/db/schema.ts';
import { HttpError } from '#server/http-error.ts';
import type { MailQueue } from '#server/services/mail/outbox.ts';
import { CLIENT_ACTOR, writeAudit } from '#server/services/security/audit.ts';
import { formatDate, toCents, todayIso } from '#shared/format.ts';
import { withdrawalDeadline, withdrawalRefundCents } from '#shared/orders/withdrawal-form.ts';
import { ORDER_NOT_FOUND } from './order-queries.ts';

export async function withdrawFromOrder(db: Db, mail: MailQueue, clientId: number, orderId: number, now = new Date()) {
  return db.transaction(async (tx) => {
    await holdOwnAccount(tx, clientId);
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.clientId, clientId)))
      .for('update');
    // Someone else's order and an unknown one answer alike: nobody learns that an order exists.
    if (!order) throw new HttpError('NOT_FOUND', ORDER_NOT_FOUND);
    if (order.withdrawnAt) {
      throw new HttpError(
        'ALREADY_DONE',
        `Votre rétractation de cette commande est déjà enregistrée depuis le ${formatDate(order.withdrawnAt)}.`,
      );
    }
    const [invoice] = await tx
      .select({ issuedOn: invoices.issuedOn })
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')));
    if (order.paymentStatus !== 'paid' || !invoice) {
      throw new HttpError(
        'NOT_PAID',
        'Cette commande n’est pas payée : il n’y a rien à rétracter. Pour l’annuler, écrivez-nous.',
      );
    }
    const today = todayIso(now);
    const deadline = withdrawalDeadline(invoice.issuedOn);
    if (today > deadline) {
      throw new HttpError(
        'WITHDRAWAL_CLOSED',
        `Le délai de rétractation de cette commande a pris fin le ${formatDate(deadline)} (14 jours après le paiement).`,
      );
    }
    const refund = (
      withdrawalRefundCents({
        priceCents: toCents(order.price),
        expressRequest: order.expressRequestAt !== null,
        startsOn: order.startsOn,
        endsOn: order.endsOn,
        withdrawnOn: today,
      }) / 100
    ).toFixed(2);
    await tx
      .update(orders)
      .set({ withdrawnAt: now, withdrawalRefund: refund, updatedAt: now })
      .where(eq(orders.id, orderId));
    await writeAudit(tx, CLIENT_ACTOR, {
      action: 'order.withdraw',
      entity: 'order',
      entityId: orderId,
      after: {
        withdrawnAt: now.toISOString(),
        withdrawalRefund: refund,
        expressRequest: order.expressRequestAt !== null,
      },
    });
    await mail.queue(tx, {
      key: `withdrawal:${orderId}`,
      kind: 'withdrawal_received',
      to: order.clientEmail,
      clientId,
      params: {
        orderId,
        name: order.clientName,
        planId: order.plan,
        withdrawnOn: today,
        refund,
        expressRequest: order.expressRequestAt !== null,
      },
    });
    return { withdrawnOn: today, refund };
  });
}
