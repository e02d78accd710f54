import { formatDate } from '#shared/format.ts';
import { INTERVENTION_STATUS_LABELS } from '#shared/interventions/intervention-labels.ts';
import type { MailKind } from '#shared/mail/mail-labels.ts';
import { getPlan } from '#shared/plans.ts';
import type { SiteInfo } from '#shared/site.ts';
import type { MailParams } from '#server/services/mail/mail-params.ts';

/** Every message's subject, stored when it is queued and shown in « Courriels » (the bodies: catalogue.tsx). */
const SUBJECTS: { [K in MailKind]: (params: MailParams[K], site: SiteInfo) => string } = {
  registration_received: (_, s) => `Votre demande d’inscription est bien reçue – ${s.siteName}`,
  registration_refused: (_, s) => `Votre demande d’inscription – ${s.siteName}`,
  staff_new_registration: (p) => `Nouvelle inscription : ${p.name}`,
  staff_contact: (p) => `Nouveau message de ${p.name} : ${p.subject}`,
  staff_new_intervention: (p) => `Nouvelle intervention n° ${p.interventionId} : ${p.clientName}`,
  credentials: (_, s) => `Vos identifiants ${s.siteName}`,
  invoice: (p, s) => `Votre facture ${s.siteName} – abonnement ${getPlan(p.planId).name}`,
  credit_note: (p, s) => `Votre avoir ${p.number} – ${s.siteName}`,
  intervention_status: (p) =>
    `Votre demande d’assistance n° ${p.interventionId} : ${INTERVENTION_STATUS_LABELS[p.status].toLowerCase()}`,
  renewal_reminder: (p) => `Votre abonnement ${getPlan(p.planId).name} se termine le ${formatDate(p.endsOn)}`,
  password_reset: (_, s) => `Réinitialisation de votre mot de passe ${s.siteName}`,
  erasure_done: (_, s) => `Vos données ont été effacées – ${s.siteName}`,
  erasure_refused: (_, s) => `Votre demande d’effacement des données – ${s.siteName}`,
  staff_password_link: (p, s) =>
    p.purpose === 'welcome'
      ? `Bienvenue dans l’équipe ${s.siteName} : choisissez votre mot de passe`
      : `Choisissez un nouveau mot de passe – espace staff ${s.siteName}`,
  intervention_message: (p) => `Réponse à votre demande d’assistance n° ${p.interventionId}`,
  staff_intervention_message: (p) => `Message de ${p.clientName} sur l’intervention n° ${p.interventionId}`,
  staff_intervention_closed: (p) =>
    `${p.clientName} a ${p.status === 'completed' ? 'marqué résolue' : 'annulé'} l’intervention n° ${p.interventionId}`,
  staff_response_due_soon: (p) => `Réponse bientôt due : intervention n° ${p.interventionId} (${p.clientName})`,
  staff_response_overdue: (p) => `En retard : intervention n° ${p.interventionId} (${p.clientName})`,
  staff_intervention_rating: (p) =>
    `${p.changed ? 'Avis modifié' : 'Avis'} de ${p.clientName} : ${p.stars}/5 sur l’intervention n° ${p.interventionId}`,
  device_proof_requested: (_, s) => `Un justificatif est demandé pour votre appareil – ${s.siteName}`,
  device_verified: (_, s) => `Votre appareil est vérifié – ${s.siteName}`,
  device_refused: (_, s) => `Votre appareil n’a pas pu être vérifié – ${s.siteName}`,
  staff_device_proof: (p) => `Justificatif reçu de ${p.clientName} : appareil n° ${p.deviceId}`,
  contract_confirmation: (p, s) => `Confirmation de votre abonnement ${getPlan(p.planId).name} – ${s.siteName}`,
  withdrawal_received: (p, s) =>
    `Votre rétractation est enregistrée – abonnement ${getPlan(p.planId).name} – ${s.siteName}`,
};

export function mailSubject<K extends MailKind>(kind: K, params: MailParams[K], site: SiteInfo): string {
  // Subjects are one header line: no line breaks from a name or a subject someone typed.
  return (SUBJECTS[kind] as (params: MailParams[K], site: SiteInfo) => string)(params, site)
    .replace(/\s+/g, ' ')
    .trim();
}
