// The kinds of inbox item and where each stands.

export const INBOX_STATUSES = ['pending', 'replied', 'closed'] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];
export const INBOX_STATUS_LABELS: Record<InboxStatus, string> = {
  pending: 'En attente',
  replied: 'Répondu',
  closed: 'Fermé',
};

export const INBOX_KINDS = ['contact', 'registration', 'erasure'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];
export const INBOX_KIND_LABELS: Record<InboxKind, string> = {
  contact: 'Contact',
  registration: 'Inscription',
  erasure: 'Effacement des données',
};
