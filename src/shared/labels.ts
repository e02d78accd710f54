// Every status, method and option the product names, with its French label: derived from one tuple each.
export const REGISTRATION_DEVICE_TYPES = [
  'windows-pc', 'windows-laptop', 'mac-desktop', 'macbook', 'windows-tablet', 'other',
] as const;
export type RegistrationDeviceType = (typeof REGISTRATION_DEVICE_TYPES)[number];
export const REGISTRATION_DEVICE_LABELS: Record<RegistrationDeviceType, string> = {
  'windows-pc': 'PC Windows',
  'windows-laptop': 'Ordinateur portable Windows',
  'mac-desktop': 'iMac / Mac Studio',
  macbook: 'MacBook (Air/Pro)',
  'windows-tablet': 'Tablette Windows',
  other: 'Autre (préciser dans la description)',
};

export const CLIENT_DEVICE_TYPES = ['pc_windows', 'mac', 'laptop', 'mobile', 'autre'] as const;
export type ClientDeviceType = (typeof CLIENT_DEVICE_TYPES)[number];
export const CLIENT_DEVICE_LABELS: Record<ClientDeviceType, string> = {
  pc_windows: 'PC Windows',
  mac: 'Mac',
  laptop: 'Ordinateur portable',
  mobile: 'Mobile/Tablette',
  autre: 'Autre',
};

export const URGENCIES = ['low', 'medium', 'high'] as const;
export type Urgency = (typeof URGENCIES)[number];
export const URGENCY_LABELS: Record<Urgency, string> = { low: 'Faible', medium: 'Moyenne', high: 'Élevée' };

export const INTERVENTION_STATUSES = ['pending', 'in_progress', 'completed', 'cancelled'] as const;
export type InterventionStatus = (typeof INTERVENTION_STATUSES)[number];
export const INTERVENTION_STATUS_LABELS: Record<InterventionStatus, string> = {
  pending: 'En attente',
  in_progress: 'En cours',
  completed: 'Terminée',
  cancelled: 'Annulée',
};

export const PAYMENT_METHODS = ['carte', 'virement', 'especes', 'cheque', 'autre', 'offert'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  carte: 'Carte bancaire',
  virement: 'Virement',
  especes: 'Espèces',
  cheque: 'Chèque',
  autre: 'Autre',
  offert: 'Offert',
};

export const PAYMENT_STATUSES = ['paid', 'pending', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  paid: 'Payé',
  pending: 'En attente',
  failed: 'Échoué',
};

export const REQUEST_STATUSES = ['pending', 'replied', 'closed'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  pending: 'En attente',
  replied: 'Répondu',
  closed: 'Fermé',
};

export const REQUEST_KINDS = ['contact', 'registration', 'erasure'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];
export const REQUEST_KIND_LABELS: Record<RequestKind, string> = {
  contact: 'Contact',
  registration: 'Inscription',
  erasure: 'Effacement des données',
};
