// Where a subscription stands on a day, and when renewal reminders leave.

/**
 * A paid order's subscription as the back-office sees it on a day: upcoming (booked after the running one), active,
 * expiring (ends within RENEWAL_NOTICE_DAYS and nothing is booked after it), renewed (ended, a later one took over)
 * or expired (ended and nothing after it).
 */
export const SUBSCRIPTION_STATES = ['upcoming', 'active', 'expiring', 'renewed', 'expired'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];
export const SUBSCRIPTION_STATE_LABELS: Record<SubscriptionState, string> = {
  upcoming: 'À venir',
  active: 'Actif',
  expiring: 'Expire bientôt',
  renewed: 'Renouvelé',
  expired: 'Expiré',
};
/** The renewal reminders leave this many days before the end of a subscription (the first one opens « expire bientôt »). */
export const RENEWAL_REMINDER_DAYS = [14, 3] as const;
