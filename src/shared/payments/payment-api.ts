// Online payment, as the client area sees it (routes/payments/client-payments.ts): off unless the server has the
// provider's settings; the price always comes from the order on the server, never from the page.
import { z } from '#shared/common/zod.ts';

/** GET /api/client/payments: whether « Payer en ligne » is offered at all. */
export const onlinePaymentSchema = z.object({ enabled: z.boolean() });
export type OnlinePayment = z.infer<typeof onlinePaymentSchema>;

/** POST /api/client/orders/:id/checkout (no body) → 201: the provider's payment page to send the client to. */
export const checkoutStartedSchema = z.object({ url: z.url() });
export type CheckoutStarted = z.infer<typeof checkoutStartedSchema>;

/** The dashboard's address after the provider's page: ?paiement=retour|annule&commande=<order id>. */
export const PAYMENT_RETURN_PARAM = 'paiement';
export const PAYMENT_ORDER_PARAM = 'commande';
