import type { CurrentSubscription } from '#shared/subscriptions/subscription-api.ts';

/**
 * Renewal is offered from this many days before the end: a month ahead leaves time to pay; a one-month plan would
 * otherwise offer it from its first day.
 */
export function renewalWindowDays(durationMonths: number): number {
  return durationMonths <= 1 ? 10 : 30;
}

/** « 1 / 3 » this month, or 'Illimitées' (docs/specification.md §2: when the plan sets no number). */
export function allowanceText(s: Pick<CurrentSubscription, 'interventionsUsed' | 'interventionsPerMonth'>): string {
  return s.interventionsPerMonth ? `${s.interventionsUsed} / ${s.interventionsPerMonth}` : 'Illimitées';
}

/** Whether this month's requests are all used (never for an unlimited plan). */
export function allowanceUsed(s: Pick<CurrentSubscription, 'interventionsUsed' | 'interventionsPerMonth'>): boolean {
  return !!s.interventionsPerMonth && s.interventionsUsed >= s.interventionsPerMonth;
}

/** daysLeft counts the last day (1 on the last day). */
export function daysLeftText(daysLeft: number): string {
  if (daysLeft <= 1) return 'Dernier jour aujourd’hui';
  return `Il reste ${daysLeft} jours`;
}

/** The order waiting for its payment, if any: the subscription starts once it is paid. */
export function pendingOrderOf<T extends { paymentStatus: string }>(orders: T[]): T | undefined {
  return orders.find((o) => o.paymentStatus === 'pending');
}

export function priceText(price: number, durationMonths: number, format: (n: number) => string): string {
  return `${format(price)} pour ${durationMonths} mois`;
}
