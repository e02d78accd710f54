import { formatDateTime } from '#shared/format.ts';
import {
  CLIENT_DEVICE_LABELS,
  REGISTRATION_DEVICE_LABELS,
  type RegistrationDeviceType,
} from '#shared/devices/device-labels.ts';
import { URGENCY_LABELS } from '#shared/interventions/intervention-labels.ts';
import { findPlan } from '#shared/plans.ts';
import type { SiteInfo } from '#shared/site.ts';
import type { MailParams } from '#server/services/mail/mail-params.ts';
import { Action, Facts, MailLayout, Paragraph, styles } from './layout.tsx';
import { Text } from '@react-email/text';

type Props<K extends keyof MailParams> = { site: SiteInfo; params: MailParams[K] };

// To STAFF_EMAIL: what arrived, enough to judge its urgency from a phone, and the back-office tab that handles it.
const backOffice = (site: SiteInfo, tab: string) => `${site.publicUrl}/admin?tab=${tab}`;

export function StaffNewRegistration({ site, params }: Props<'staff_new_registration'>) {
  const plan = findPlan(params.planId);
  const device = params.deviceType
    ? (REGISTRATION_DEVICE_LABELS[params.deviceType as RegistrationDeviceType] ?? params.deviceType)
    : '-';
  return (
    <MailLayout site={site} preview={`Nouvelle inscription : ${params.name}`} title="Nouvelle demande d’inscription">
      <Facts
        rows={[
          ['Nom', params.name],
          ['E-mail', params.email],
          ['Téléphone', params.phone || '-'],
          ['Formule', plan ? `${plan.name} (${plan.durationText})` : '-'],
          ['Appareil', device],
        ]}
      />
      {params.deviceInfo && <Text style={styles.quote}>{params.deviceInfo}</Text>}
      <Action href={backOffice(site, 'messages')}>Valider ou refuser dans Messages</Action>
    </MailLayout>
  );
}

export function StaffContact({ site, params }: Props<'staff_contact'>) {
  return (
    <MailLayout site={site} preview={`${params.name} : ${params.subject}`} title="Nouveau message de contact">
      <Facts
        rows={[
          ['De', `${params.name} <${params.email}>`],
          ['Objet', params.subject],
        ]}
      />
      <Text style={styles.quote}>{params.message}</Text>
      <Paragraph>
        Pour répondre, écrivez à {params.email}, puis marquez le message « Répondu » dans le back-office.
      </Paragraph>
      <Action href={backOffice(site, 'messages')}>Ouvrir Messages</Action>
    </MailLayout>
  );
}

export function StaffNewIntervention({ site, params }: Props<'staff_new_intervention'>) {
  return (
    <MailLayout
      site={site}
      preview={`Intervention n° ${params.interventionId} : ${params.clientName}`}
      title={`Nouvelle demande d’intervention n° ${params.interventionId}`}
    >
      <Facts
        rows={[
          ['Client', `${params.clientName} <${params.clientEmail}> (n° ${params.clientId})`],
          ['Urgence', URGENCY_LABELS[params.urgency]],
          ['Appareil', params.deviceType ? CLIENT_DEVICE_LABELS[params.deviceType] : '-'],
          ['Titre', params.title],
        ]}
      />
      <Text style={styles.quote}>{params.description}</Text>
      {params.deviceInfo && <Paragraph>Précisions sur l’appareil : {params.deviceInfo}</Paragraph>}
      <Action href={backOffice(site, 'interventions')}>Ouvrir Interventions</Action>
    </MailLayout>
  );
}

export function StaffInterventionMessage({ site, params }: Props<'staff_intervention_message'>) {
  return (
    <MailLayout
      site={site}
      preview={`Message de ${params.clientName} sur l’intervention n° ${params.interventionId}`}
      title={`Nouveau message sur l’intervention n° ${params.interventionId}`}
    >
      <Facts
        rows={[
          ['Client', `${params.clientName} <${params.clientEmail}>`],
          ['Demande', params.title],
        ]}
      />
      <Text style={styles.quote}>{params.body}</Text>
      <Action href={backOffice(site, 'interventions')}>Ouvrir Interventions</Action>
    </MailLayout>
  );
}

export function StaffInterventionClosed({ site, params }: Props<'staff_intervention_closed'>) {
  const what =
    params.status === 'completed'
      ? 'a indiqué que son problème est résolu : la demande est terminée.'
      : 'n’a plus besoin d’aide : la demande est annulée.';
  return (
    <MailLayout
      site={site}
      preview={`${params.clientName} a clos l’intervention n° ${params.interventionId}`}
      title={`Intervention n° ${params.interventionId} close par le client`}
    >
      <Facts
        rows={[
          ['Client', `${params.clientName} <${params.clientEmail}>`],
          ['Demande', params.title],
        ]}
      />
      <Paragraph>
        {params.clientName} {what}
      </Paragraph>
      <Action href={backOffice(site, 'interventions')}>Ouvrir Interventions</Action>
    </MailLayout>
  );
}

export function StaffInterventionRating({ site, params }: Props<'staff_intervention_rating'>) {
  return (
    <MailLayout
      site={site}
      preview={`${params.stars}/5 de ${params.clientName}`}
      title={`${params.changed ? 'Avis modifié' : 'Nouvel avis'} sur l’intervention n° ${params.interventionId}`}
    >
      <Facts
        rows={[
          ['Client', `${params.clientName} <${params.clientEmail}>`],
          ['Demande', params.title],
          ['Note', `${'★'.repeat(params.stars)}${'☆'.repeat(5 - params.stars)} (${params.stars}/5)`],
        ]}
      />
      {params.comment ? <Text style={styles.quote}>{params.comment}</Text> : <Paragraph>Pas de commentaire.</Paragraph>}
      <Action href={backOffice(site, 'interventions')}>Ouvrir Interventions</Action>
    </MailLayout>
  );
}

/** To a staff member (not STAFF_EMAIL): the single-use link to choose their own password, valid 48 hours. */
export function StaffPasswordLink({ site, params, secret }: Props<'staff_password_link'> & { secret?: string }) {
  const link = `${site.publicUrl}/admin/set-password?token=${secret ?? '…'}`;
  return (
    <MailLayout site={site} preview="Choisissez votre mot de passe" title="Choisir votre mot de passe">
      <Paragraph>Bonjour,</Paragraph>
      <Paragraph>
        {params.purpose === 'welcome'
          ? `Un administrateur vous a ouvert un compte dans l’espace staff de ${site.siteName}. Votre identifiant est : ${params.username}.`
          : `Un administrateur a réinitialisé le mot de passe de votre compte staff « ${params.username} » : l’ancien ne fonctionne plus.`}
      </Paragraph>
      <Paragraph>
        Ouvrez ce lien pour choisir votre mot de passe : il ne sert qu’une fois et reste valable jusqu’au{' '}
        {formatDateTime(params.expiresAt)}.
      </Paragraph>
      <Action href={link}>Choisir mon mot de passe</Action>
      <Paragraph>
        Vous n’attendiez pas ce message ? Ignorez-le et prévenez l’administrateur de {site.siteName}.
      </Paragraph>
    </MailLayout>
  );
}

/** A request nobody has answered is near its due time: whoever is on duty takes it now. */
export function StaffResponseDueSoon({ site, params }: Props<'staff_response_due_soon'>) {
  return (
    <MailLayout
      site={site}
      preview={`Réponse due avant ${formatDateTime(params.dueAt)} : ${params.clientName}`}
      title={`Intervention n° ${params.interventionId} : la réponse est bientôt due`}
    >
      <Facts
        rows={[
          ['Client', params.clientName],
          ['Demande', params.title],
          ['Réponse due avant', formatDateTime(params.dueAt)],
          ['Traitée par', params.assignee ?? 'personne pour l’instant'],
        ]}
      />
      <Paragraph>
        Personne n’a encore répondu à ce client. Prenez la demande en charge ou écrivez-lui avant l’heure promise.
      </Paragraph>
      {params.nobodyOnDuty && (
        <Paragraph>
          Aucun membre de l’équipe n’est de garde en ce moment (horaires de l’onglet Équipe) : ce message est envoyé à
          l’adresse de l’équipe.
        </Paragraph>
      )}
      <Action href={backOffice(site, 'interventions')}>Ouvrir Interventions</Action>
    </MailLayout>
  );
}

/** To the admins: the promise was missed; someone must take the request and call the client back. */
export function StaffResponseOverdue({ site, params }: Props<'staff_response_overdue'>) {
  return (
    <MailLayout
      site={site}
      preview={`En retard : ${params.clientName}`}
      title={`Intervention n° ${params.interventionId} : réponse en retard`}
    >
      <Facts
        rows={[
          ['Client', params.clientName],
          ['Demande', params.title],
          ['Réponse promise avant', formatDateTime(params.dueAt)],
          ['Traitée par', params.assignee ?? 'personne'],
        ]}
      />
      <Paragraph>
        Le délai de réponse promis par la formule du client est dépassé. Confiez la demande à un membre disponible.
      </Paragraph>
      <Action href={backOffice(site, 'interventions')}>Ouvrir Interventions</Action>
    </MailLayout>
  );
}
