// « Renouveler » / « Changer de formule »: a signed-in client asks for a plan (POST /api/subscriptions,
// docs/specification.md §7).
import type { Db } from '#server/db/client.ts';
import { HttpError } from '#server/http-error.ts';
import { formatDate, todayIso } from '#shared/format.ts';
import { getPlan, type PlanId } from '#shared/plans.ts';
import { CLIENT_UNAUTHORIZED } from '#shared/clients/client-api.ts';
import type { ClientOrder } from '#shared/orders/order-api.ts';
import { findClientById } from '#server/services/clients/clients.ts';
import { isUniqueViolation } from '#server/db/db-errors.ts';
import { createOrder } from './orders.ts';
import { CLIENT_ACTOR } from '#server/services/security/audit.ts';
import { pendingOrderOf, toClientOrder } from './client-orders.ts';
import { consentOf } from './order-consent.ts';
import type { PendingOrderInput } from '#shared/orders/pending-order-api.ts';

/** Staff read it on the order: the client chose nothing but the plan, payment is arranged with them. */
const CLIENT_REQUEST_NOTE = 'Demandée par le client depuis son espace : moyen de paiement à convenir avec lui.';

const alreadyPending = (order: { plan: PlanId; orderDate: string }) =>
  new HttpError(
    'ORDER_PENDING',
    `Votre demande de formule ${getPlan(order.plan).name} du ${formatDate(order.orderDate)} attend déjà son paiement : ` +
      'nous vous contactons pour la finaliser. Pour changer de formule, écrivez-nous.',
  );

/**
 * Records the request as a pending order through the one order-creation path (catalogue price, verification key,
 * audit), for staff to confirm in « Commandes »; once they mark it paid it becomes a subscription, chained after
 * the running one. One request waits at a time: a double-click or a second tab makes one order (unique index).
 */
export async function placePendingOrder(
  db: Db,
  clientId: number,
  input: PendingOrderInput,
  now = new Date(),
): Promise<ClientOrder> {
  const planId = input.planId;
  const pending = await pendingOrderOf(db, clientId);
  if (pending) throw alreadyPending(pending);
  const client = await findClientById(db, clientId);
  if (!client) throw new HttpError('UNAUTHENTICATED', CLIENT_UNAUTHORIZED);
  try {
    const { order } = await createOrder(
      db,
      {
        clientName: client.name,
        clientEmail: client.email,
        clientPhone: client.phone,
        // No username: the account keeps its credentials.
        username: '',
        password: '',
        updatePassword: false,
        plan: planId,
        paymentMethod: 'autre',
        paymentStatus: 'pending',
        orderDate: todayIso(now),
        notes: CLIENT_REQUEST_NOTE,
      },
      CLIENT_ACTOR,
      {
        consent: consentOf({ acceptCgv: input.acceptCgv, expressStart: input.expressStart ?? false }, now),
        askedBy: clientId,
      },
    );
    return toClientOrder({ ...order, startsOn: null, endsOn: null, withdrawnAt: null, withdrawalRefund: null });
  } catch (error) {
    if (!isUniqueViolation(error, 'orders_one_client_request_idx')) throw error;
    const winner = await pendingOrderOf(db, clientId);
    throw alreadyPending(winner ?? { plan: planId, orderDate: todayIso(now) });
  }
}
