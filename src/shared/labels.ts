// Every status, method and option the product names, with its French label: derived from one tuple each.
export const REGISTRATION_DEVICE_TYPES = [
  'windows-pc',
  'windows-laptop',
  'mac-desktop',
  'macbook',
  'windows-tablet',
  'other',
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

/**
 * A covered device (docs/decisions/036): « À vérifier » until staff verify or refuse it, « Retiré » when the client
 * stops covering it. Retired and refused devices do not count against the plan's maxDevices.
 */
export const DEVICE_STATUSES = ['pending', 'verified', 'refused', 'retired'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];
export const DEVICE_STATUS_LABELS: Record<DeviceStatus, string> = {
  pending: 'À vérifier',
  verified: 'Vérifié',
  refused: 'Refusé',
  retired: 'Retiré',
};
/** The statuses that take a place in the plan (the cap counts them). */
export const DEVICE_IN_USE_STATUSES = ['pending', 'verified'] as const satisfies readonly DeviceStatus[];
export const isDeviceInUse = (d: { status: DeviceStatus }) =>
  (DEVICE_IN_USE_STATUSES as readonly DeviceStatus[]).includes(d.status);

/**
 * The intervention's older device field, from a device's registration type: requests keep showing a type wherever the
 * back-office and the mails already print one.
 */
export const CLIENT_DEVICE_OF: Record<RegistrationDeviceType, ClientDeviceType> = {
  'windows-pc': 'pc_windows',
  'windows-laptop': 'laptop',
  'mac-desktop': 'mac',
  macbook: 'mac',
  'windows-tablet': 'mobile',
  other: 'autre',
};

/** Staff roles: an admin runs everything; a technician answers requests and interventions and never sees money. */
export const STAFF_ROLES = ['admin', 'technicien'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = { admin: 'Administrateur', technicien: 'Technicien' };

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

/**
 * The remote-control tools a client may have installed for « Session à distance ». Quick Assist has no ID on the
 * client's side: the technician gives a code to type, so none is asked.
 */
export const REMOTE_TOOLS = ['rustdesk', 'anydesk', 'teamviewer', 'quick_assist'] as const;
export type RemoteTool = (typeof REMOTE_TOOLS)[number];
export const REMOTE_TOOL_LABELS: Record<RemoteTool, string> = {
  rustdesk: 'RustDesk',
  anydesk: 'AnyDesk',
  teamviewer: 'TeamViewer',
  quick_assist: 'Assistance rapide (Quick Assist)',
};

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

/** Where an online payment stands, as the provider last told us (services/payments/checkout-sessions.ts). */
export const CHECKOUT_STATUSES = ['open', 'paid', 'expired', 'failed', 'mismatch'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

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

/** An issued document: an invoice, or a credit note (avoir) cancelling all or part of one. Each has its own series. */
export const DOCUMENT_KINDS = ['invoice', 'credit_note'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = { invoice: 'Facture', credit_note: 'Avoir' };

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

/** Every e-mail the product sends, one kind each (the « Courriels » tab, the templates, the outbox rows). */
export const MAIL_KINDS = [
  'registration_received',
  'registration_refused',
  'staff_new_registration',
  'staff_contact',
  'staff_new_intervention',
  'credentials',
  'invoice',
  'intervention_status',
  'renewal_reminder',
  'password_reset',
  'erasure_done',
  'staff_password_link',
  'intervention_message',
  'staff_intervention_message',
  'staff_intervention_closed',
  'staff_intervention_rating',
  'credit_note',
  'erasure_refused',
  'device_proof_requested',
  'device_verified',
  'device_refused',
  'staff_device_proof',
  'staff_response_due_soon',
  'staff_response_overdue',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  registration_received: 'Inscription reçue',
  registration_refused: 'Inscription refusée',
  staff_new_registration: 'Nouvelle inscription (équipe)',
  staff_contact: 'Message de contact (équipe)',
  staff_new_intervention: 'Nouvelle intervention (équipe)',
  credentials: 'Identifiants et paiement',
  invoice: 'Facture',
  intervention_status: 'Suivi d’intervention',
  renewal_reminder: 'Rappel de renouvellement',
  password_reset: 'Mot de passe oublié',
  erasure_done: 'Données effacées',
  staff_password_link: 'Mot de passe d’un membre de l’équipe',
  intervention_message: 'Réponse à une demande',
  staff_intervention_message: 'Message d’un client (équipe)',
  staff_intervention_closed: 'Demande close par le client (équipe)',
  staff_intervention_rating: 'Avis d’un client (équipe)',
  credit_note: 'Avoir',
  erasure_refused: 'Effacement refusé',
  device_proof_requested: 'Justificatif demandé',
  device_verified: 'Appareil vérifié',
  device_refused: 'Appareil refusé',
  staff_device_proof: 'Justificatif reçu (équipe)',
  staff_response_due_soon: 'Réponse bientôt due (équipe)',
  staff_response_overdue: 'Réponse en retard (administrateurs)',
};

/** Who wrote a message in the thread of a request. */
export const MESSAGE_AUTHORS = ['client', 'staff'] as const;

/**
 * queued: waiting for its first try or a retry; sending: a worker has it; sent; failed: every retry used (staff can
 * « Renvoyer »); cancelled: replaced before it left (new credentials, a newer reset link), never sent.
 */
export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed', 'cancelled'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];
export const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
  queued: 'En attente',
  sending: 'Envoi en cours',
  sent: 'Envoyé',
  failed: 'Échec',
  cancelled: 'Annulé',
};

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
