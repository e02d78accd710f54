// The e-mails the product sends and where each stands, as « Courriels » shows them.

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
  'contract_confirmation',
  'withdrawal_received',
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
  contract_confirmation: 'Confirmation du contrat',
  withdrawal_received: 'Rétractation reçue',
};

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
