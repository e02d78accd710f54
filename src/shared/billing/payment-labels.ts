// How an order is paid and where its payment stands (by hand or online), with the labels users read: billing prints
// them, orders and payments set them.

/** carte_en_ligne: paid through Stripe Checkout, set only by the provider's confirmation (services/payments/). */
export const PAYMENT_METHODS = ['carte', 'virement', 'especes', 'cheque', 'autre', 'offert', 'carte_en_ligne'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  carte: 'Carte bancaire',
  virement: 'Virement',
  especes: 'Espèces',
  cheque: 'Chèque',
  autre: 'Autre',
  offert: 'Offert',
  carte_en_ligne: 'Carte (en ligne)',
};
/** What staff may record themselves: an online payment is only ever recorded by the provider's confirmation. */
export const ORDER_ENTRY_METHODS = [
  'carte',
  'virement',
  'especes',
  'cheque',
  'autre',
  'offert',
] as const satisfies readonly PaymentMethod[];

/**
 * « Gifted » (a free subscription) is decided here and nowhere else: the order's payment method says so. Its price is
 * then 0 € (services/orders/orders.ts) and its invoice prints « OFFERT ». SQL that counts gifted orders writes the same test
 * as `payment_method = 'offert'`, pointing here.
 */
export const isGifted = (order: { paymentMethod: PaymentMethod }): boolean => order.paymentMethod === 'offert';

/**
 * refunded / cancelled: a paid order whose invoice a credit note cancelled in full (docs/decisions/032); only a
 * credit note sets them, so an order is never created with them (ORDER_ENTRY_STATUSES).
 */
export const PAYMENT_STATUSES = ['paid', 'pending', 'failed', 'refunded', 'cancelled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  paid: 'Payé',
  pending: 'En attente',
  failed: 'Échoué',
  refunded: 'Remboursé',
  cancelled: 'Annulé',
};
/** What staff choose when they create an order. */
export const ORDER_ENTRY_STATUSES = ['paid', 'pending', 'failed'] as const;

/** Where an online payment stands, as the provider last told us (services/payments/checkout-sessions.ts). */
export const CHECKOUT_STATUSES = ['open', 'paid', 'expired', 'failed', 'mismatch'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];
