import type { ComponentType } from 'react';
import { render, toPlainText } from '@react-email/render';
import { formatDate } from '../../../../shared/format';
import { INTERVENTION_STATUS_LABELS, type MailKind } from '../../../../shared/labels';
import { getPlan } from '../../../../shared/plans';
import type { SiteInfo } from '../../../../shared/site';
import type { MailParams } from '../mail-params';
import {
  CreditNoteMail, Credentials, ErasureDone, ErasureRefused, InterventionStatusMail, Invoice, PasswordReset, RegistrationReceived, RegistrationRefused,
  RenewalReminder, InterventionMessageMail,
} from './client-mails';
import { DeviceProofRequested, DeviceRefused, DeviceVerified, StaffDeviceProof } from './device-mails';
import {
  StaffContact, StaffInterventionClosed, StaffInterventionMessage, StaffInterventionRating, StaffNewIntervention, StaffNewRegistration,
  StaffPasswordLink, StaffResponseDueSoon, StaffResponseOverdue,
} from './staff-mails';

type Template<K extends MailKind> = {
  subject(params: MailParams[K], site: SiteInfo): string;
  Body: ComponentType<{ site: SiteInfo; params: MailParams[K]; secret?: string }>;
};

/** Every message's subject (stored when queued, shown in « Courriels ») and body (rendered when sent). */
const TEMPLATES: { [K in MailKind]: Template<K> } = {
  registration_received: { subject: (_, s) => `Votre demande d’inscription est bien reçue – ${s.siteName}`, Body: RegistrationReceived },
  registration_refused: { subject: (_, s) => `Votre demande d’inscription – ${s.siteName}`, Body: RegistrationRefused },
  staff_new_registration: { subject: (p) => `Nouvelle inscription : ${p.name}`, Body: StaffNewRegistration },
  staff_contact: { subject: (p) => `Nouveau message de ${p.name} : ${p.subject}`, Body: StaffContact },
  staff_new_intervention: { subject: (p) => `Nouvelle intervention n° ${p.interventionId} : ${p.clientName}`, Body: StaffNewIntervention },
  credentials: { subject: (_, s) => `Vos identifiants ${s.siteName}`, Body: Credentials },
  invoice: { subject: (p, s) => `Votre facture ${s.siteName} – abonnement ${getPlan(p.planId).name}`, Body: Invoice },
  credit_note: { subject: (p, s) => `Votre avoir ${p.number} – ${s.siteName}`, Body: CreditNoteMail },
  intervention_status: {
    subject: (p) => `Votre demande d’assistance n° ${p.interventionId} : ${INTERVENTION_STATUS_LABELS[p.status].toLowerCase()}`,
    Body: InterventionStatusMail,
  },
  renewal_reminder: { subject: (p) => `Votre abonnement ${getPlan(p.planId).name} se termine le ${formatDate(p.endsOn)}`, Body: RenewalReminder },
  password_reset: { subject: (_, s) => `Réinitialisation de votre mot de passe ${s.siteName}`, Body: PasswordReset },
  erasure_done: { subject: (_, s) => `Vos données ont été effacées – ${s.siteName}`, Body: ErasureDone },
  erasure_refused: { subject: (_, s) => `Votre demande d’effacement des données – ${s.siteName}`, Body: ErasureRefused },
  staff_password_link: {
    subject: (p, s) => (p.purpose === 'welcome' ? `Bienvenue dans l’équipe ${s.siteName} : choisissez votre mot de passe` : `Choisissez un nouveau mot de passe – espace staff ${s.siteName}`),
    Body: StaffPasswordLink,
  },
  intervention_message: { subject: (p) => `Réponse à votre demande d’assistance n° ${p.interventionId}`, Body: InterventionMessageMail },
  staff_intervention_message: { subject: (p) => `Message de ${p.clientName} sur l’intervention n° ${p.interventionId}`, Body: StaffInterventionMessage },
  staff_intervention_closed: {
    subject: (p) => `${p.clientName} a ${p.status === 'completed' ? 'marqué résolue' : 'annulé'} l’intervention n° ${p.interventionId}`,
    Body: StaffInterventionClosed,
  },
  staff_response_due_soon: { subject: (p) => `Réponse bientôt due : intervention n° ${p.interventionId} (${p.clientName})`, Body: StaffResponseDueSoon },
  staff_response_overdue: { subject: (p) => `En retard : intervention n° ${p.interventionId} (${p.clientName})`, Body: StaffResponseOverdue },
  staff_intervention_rating: {
    subject: (p) => `${p.changed ? 'Avis modifié' : 'Avis'} de ${p.clientName} : ${p.stars}/5 sur l’intervention n° ${p.interventionId}`,
    Body: StaffInterventionRating,
  },
  device_proof_requested: { subject: (_, s) => `Un justificatif est demandé pour votre appareil – ${s.siteName}`, Body: DeviceProofRequested },
  device_verified: { subject: (_, s) => `Votre appareil est vérifié – ${s.siteName}`, Body: DeviceVerified },
  device_refused: { subject: (_, s) => `Votre appareil n’a pas pu être vérifié – ${s.siteName}`, Body: DeviceRefused },
  staff_device_proof: { subject: (p) => `Justificatif reçu de ${p.clientName} : appareil n° ${p.deviceId}`, Body: StaffDeviceProof },
};

const PLAIN_TEXT_SELECTORS = [
  { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
  { selector: 'h1', options: { uppercase: false } },
  { selector: '.link-fallback', format: 'skip' },
];

export function mailSubject<K extends MailKind>(kind: K, params: MailParams[K], site: SiteInfo): string {
  // Subjects are one header line: no line breaks from a name or a subject someone typed.
  return (TEMPLATES[kind] as Template<K>).subject(params, site).replace(/\s+/g, ' ').trim();
}

/** The HTML and plain-text bodies, in French, from the same template. */
export async function renderMail<K extends MailKind>(kind: K, params: MailParams[K], site: SiteInfo, secret?: string) {
  const { Body } = TEMPLATES[kind] as Template<K>;
  const html = await render(<Body site={site} params={params} secret={secret} />);
  const text = toPlainText(html, { wordwrap: 100, selectors: PLAIN_TEXT_SELECTORS });
  return { html, text };
}
