import { formatDate, formatDateTime, formatEuro } from '#shared/format.ts';
import { INTERVENTION_STATUS_LABELS } from '#shared/interventions/intervention-labels.ts';
import { isGifted, PAYMENT_METHOD_LABELS } from '#shared/billing/payment-labels.ts';
import { findPlan, getPlan } from '#shared/plans.ts';
import type { SiteInfo } from '#shared/site.ts';
import { CLIENT_PAGES, requestPage } from '#shared/clients/client-pages.ts';
import type { MailParams } from '#server/services/mail/mail-params.ts';
import { Action, Facts, MailLayout, Paragraph, Signature, styles } from './layout.tsx';
import { Text } from '@react-email/text';

type Props<K extends keyof MailParams> = { site: SiteInfo; params: MailParams[K]; secret?: string };

const renewalLink = (site: SiteInfo, planId: string) =>
  `${site.publicUrl}/dashboard?renouveler=${encodeURIComponent(planId)}`;

export function RegistrationReceived({ site, params }: Props<'registration_received'>) {
  const plan = findPlan(params.planId);
  return (
    <MailLayout
      site={site}
      preview="Nous avons bien reçu votre demande d’inscription."
      title="Votre demande est bien reçue"
    >
      <Paragraph>Bonjour {params.name},</Paragraph>
      <Paragraph>
        Merci pour votre demande d’inscription
        {plan ? (
          <>
            {' '}
            à la formule <strong>{plan.name}</strong> ({plan.durationText}, {formatEuro(plan.price)})
          </>
        ) : null}
        . Un membre de notre équipe l’examine et revient vers vous rapidement, en général sous un jour ouvré.
      </Paragraph>
      <Paragraph>
        Dès que votre compte est créé, vous recevez un e-mail avec vos identifiants et les modalités de paiement. Vous
        n’avez rien d’autre à faire d’ici là.
      </Paragraph>
      <Paragraph>Vous n’êtes pas à l’origine de cette demande ? Ignorez simplement ce message.</Paragraph>
      <Signature site={site} />
    </MailLayout>
  );
}

export function RegistrationRefused({ site, params }: Props<'registration_refused'>) {
  return (
    <MailLayout site={site} preview="Réponse à votre demande d’inscription" title="Votre demande d’inscription">
      <Paragraph>Bonjour {params.name},</Paragraph>
      <Paragraph>
        Nous avons étudié votre demande d’inscription et ne pouvons malheureusement pas y donner suite, pour la raison
        suivante :
      </Paragraph>
      <Text style={styles.quote}>« {params.reason} »</Text>
      <Paragraph>
        Une question, ou un élément à nous préciser ? Répondez simplement à ce message ou appelez-nous au {site.phone}.
      </Paragraph>
      <Signature site={site} />
    </MailLayout>
  );
}

function PaymentTerms({
  site,
  order,
  requestedPlanId,
}: { site: SiteInfo } & Pick<MailParams['credentials'], 'order' | 'requestedPlanId'>) {
  if (!order) {
    const plan = findPlan(requestedPlanId);
    if (!plan) return null;
    return (
      <Paragraph>
        Formule demandée : <strong>{plan.name}</strong>, {formatEuro(plan.price)} pour {plan.durationText}. Nous vous
        recontactons pour le règlement ; votre abonnement commence dès que le paiement est reçu.
      </Paragraph>
    );
  }
  const plan = getPlan(order.planId);
  const method = PAYMENT_METHOD_LABELS[order.paymentMethod];
  const rows: Array<[string, string]> = [
    ['Formule', `${plan.name} (${plan.durationText})`],
    ['Commande', `n° ${order.id}`],
  ];
  if (isGifted(order)) {
    return (
      <>
        <Facts rows={rows} />
        <Paragraph>Cet abonnement vous est offert : vous n’avez rien à régler.</Paragraph>
      </>
    );
  }
  rows.push(['Montant', formatEuro(order.price)], ['Mode de paiement', method]);
  const terms = {
    paid: 'Votre paiement est bien reçu, merci. Votre facture vous est envoyée dans un message séparé.',
    pending: `Merci de régler ${formatEuro(order.price)} par ${method.toLowerCase()} : votre abonnement commence dès que nous avons reçu le paiement. Pour toute question sur le règlement, appelez-nous au ${site.phone}.`,
    failed: `Le paiement n’a pas abouti. Appelez-nous au ${site.phone} ou répondez à ce message et nous trouverons ensemble une solution.`,
    refunded: 'Cette commande a été remboursée : un avoir a été établi.',
    cancelled: 'Cette commande a été annulée : un avoir a été établi.',
  }[order.paymentStatus];
  return (
    <>
      <Facts rows={rows} />
      <Paragraph>{terms}</Paragraph>
      {order.paymentStatus === 'pending' && site.onlinePayment && (
        <Paragraph>
          Vous pouvez aussi la régler tout de suite en ligne par carte bancaire : connectez-vous à votre espace client (
          {`${site.publicUrl}${CLIENT_PAGES.invoices}`}) et choisissez « Payer en ligne ».
        </Paragraph>
      )}
    </>
  );
}

export function Credentials({ site, params, secret }: Props<'credentials'>) {
  return (
    <MailLayout
      site={site}
      preview={`Vos identifiants pour votre espace client ${site.siteName}`}
      title="Vos identifiants"
    >
      <Paragraph>Bonjour {params.name},</Paragraph>
      <Paragraph>Voici vos identifiants pour accéder à votre espace client {site.siteName} :</Paragraph>
      <Facts
        rows={[
          ['Nom d’utilisateur', params.username],
          ['Mot de passe', secret ?? '••••••••'],
        ]}
      />
      <Action href={`${site.publicUrl}/client/login`}>Me connecter à mon espace client</Action>
      <PaymentTerms site={site} order={params.order} requestedPlanId={params.requestedPlanId} />
      <Paragraph>
        Conservez ce message en lieu sûr et ne communiquez jamais votre mot de passe. Vous pourrez le changer depuis
        votre espace client.
      </Paragraph>
      <Paragraph>Vous avez besoin d’aide ? Répondez simplement à ce message.</Paragraph>
      <Signature site={site} />
    </MailLayout>
  );
}

export function Invoice({ site, params }: Props<'invoice'>) {
  const plan = getPlan(params.planId);
  return (
    <MailLayout site={site} preview={`Votre facture ${site.siteName} est jointe à ce message.`} title="Votre facture">
      <Paragraph>Bonjour {params.name},</Paragraph>
      <Paragraph>
        {params.figures?.gift ? 'Cet abonnement vous est offert.' : 'Merci pour votre paiement.'} Vous trouverez votre
        facture en pièce jointe (PDF).
      </Paragraph>
      <Facts
        rows={[
          ['Formule', `${plan.name} (${plan.durationText})`],
          ...(params.figures
            ? ([
                ['Période', `du ${formatDate(params.figures.startsOn)} au ${formatDate(params.figures.endsOn)}`],
                ['Montant', formatEuro(params.figures.price)],
              ] as Array<[string, string]>)
            : []),
        ]}
      />
      <Paragraph>
        Chaque facture porte une clé de vérification : vous pouvez en contrôler l’authenticité sur {site.publicUrl}
        /verify-invoice.
      </Paragraph>
      <Action href={`${site.publicUrl}${CLIENT_PAGES.invoices}`}>Voir mes factures</Action>
      <Signature site={site} />
    </MailLayout>
  );
}

export function CreditNoteMail({ site, params }: Props<'credit_note'>) {
  return (
    <MailLayout site={site} preview={`Votre avoir ${params.number} est joint à ce message.`} title="Votre avoir">
      <Paragraph>Bonjour {params.name},</Paragraph>
      <Paragraph>
        {params.cancelsInFull
          ? `Votre facture n° ${params.invoiceNumber} est annulée par l’avoir joint à ce message (PDF).`
          : `Un avoir de ${formatEuro(params.amount)} a été établi sur votre facture n° ${params.invoiceNumber} ; vous le trouverez en pièce jointe (PDF).`}
      </Paragraph>
      <Facts
        rows={[
          ['Avoir', `n° ${params.number}`],
          ['Sur la facture', `n° ${params.invoiceNumber}`],
          ['Montant', formatEuro(params.amount)],
        ]}
      />
      <Paragraph>
        Vos factures et avoirs restent disponibles dans votre espace client, rubrique « Mes factures ».
      </Paragraph>
      <Action href={`${site.publicUrl}${CLIENT_PAGES.invoices}`}>Voir mes factures</Action>
      <Signature site={site} />
    </MailLayout>
  );
}

const STATUS_SENTENCES = {
  pending: 'Votre demande est enregistrée et attend un technicien.',
  in_progress: 'Un technicien a pris en charge votre demande et s’en occupe en ce moment.',
  completed: 'Votre demande est terminée.',
  cancelled:
    'Votre demande a été annulée. Si le problème persiste, faites une nouvelle demande depuis votre espace client ou répondez à ce message.',
} as const;

export function InterventionStatusMail({ site, params }: Props<'intervention_status'>) {
  const label = INTERVENTION_STATUS_LABELS[params.status];
  return (
    <MailLayout
      site={site}
      preview={`Votre demande d’assistance n° ${params.interventionId} : ${label}`}
      title={`Demande d’assistance : ${label.toLowerCase()}`}
    >
      <Paragraph>Bonjour {params.name},</Paragraph>
      <Paragraph>{STATUS_SENTENCES[params.status]}</Paragraph>
      <Facts
        rows={[
          ['Demande', `n° ${params.interventionId} – ${params.title}`],
          ['Statut', label],
          ...(params.status === 'completed' && params.durationMinutes
            ? [['Durée', `${params.durationMinutes} min`] as [string, string]]
            : []),
        ]}
      />
      {params.status === 'completed' && (
        <Paragraph>
          Comment s’est passée l’intervention ? Donnez-nous votre avis, de 1 à 5 étoiles, depuis votre espace : il aide
          notre équipe à mieux vous servir.
        </Paragraph>
      )}
      <Action href={`${site.publicUrl}${requestPage(params.interventionId)}`}>
        {params.status === 'completed' ? 'Donner mon avis' : 'Suivre mes demandes'}
      </Action>
      <Signature site={site} />
    </MailLayout>
  );
}

export function RenewalReminder({ site, params }: Props<'renewal_reminder'>) {
  const plan = getPlan(params.planId);
  const when =
    params.daysLeft <= 0 ? 'aujourd’hui' : params.daysLeft === 1 ? 'demain' : `dans ${params.daysLeft} jours`;
  return (
    <MailLayout
      site={site}
      preview={`Votre abonnement ${plan.name} se termine ${when}.`}
      title={`Votre abonnement se termine ${when}`}
    >
      <Paragraph>Bonjour {params.name},</Paragraph>
      <Paragraph>
        Votre abonnement <strong>{plan.name}</strong> se termine le <strong>{formatDate(params.endsOn)}</strong>. Il ne
        se renouvelle pas tout seul : pour continuer à être aidé sans interruption, renouvelez-le avant cette date. Les
        mois commandés s’ajoutent à la suite, vous ne perdez aucun jour.
      </Paragraph>
      <Action href={renewalLink(site, plan.id)}>
        Renouveler mon abonnement ({formatEuro(plan.price)} pour {plan.durationText})
      </Action>
      <Paragraph>
        Vous préférez une autre formule ? Vous pourrez la choisir sur la même page. Une question ? Appelez-nous au{' '}
        {site.phone}.
      </Paragraph>
      <Signature site={site} />
    </MailLayout>
  );
}

export function PasswordReset({ site, params, secret }: Props<'password_reset'>) {
  const link = `${site.publicUrl}/reset-password?token=${secret ?? '…'}`;
  return (
    <MailLayout site={site} preview="Choisissez un nouveau mot de passe" title="Choisir un nouveau mot de passe">
      <Paragraph>Bonjour {params.name},</Paragraph>
      <Paragraph>
        Vous avez demandé à choisir un nouveau mot de passe pour votre espace client {site.siteName}. Ouvrez ce lien
        pour le faire : il est valable une heure (jusqu’au {formatDateTime(params.expiresAt)}) et ne sert qu’une fois.
      </Paragraph>
      <Action href={link}>Choisir un nouveau mot de passe</Action>
      {params.username && (
        <Paragraph>
          Pour vous connecter ensuite, votre identifiant est : {params.username} (ou votre adresse e-mail).
        </Paragraph>
      )}
      <Paragraph>
        Une fois le nouveau mot de passe enregistré, toutes les connexions ouvertes sur votre compte seront fermées.
      </Paragraph>
      <Paragraph>
        Vous n’êtes pas à l’origine de cette demande ? Ignorez simplement ce message : votre mot de passe actuel reste
        valable.
      </Paragraph>
      <Signature site={site} />
    </MailLayout>
  );
}

export function ErasureDone({ site, params }: Props<'erasure_done'>) {
  return (
    <MailLayout site={site} preview="Vos données ont été effacées" title="Vos données ont été effacées">
      <Paragraph>Bonjour {params.name},</Paragraph>
      <Paragraph>
        Comme vous l’avez demandé, votre espace client {site.siteName} a été supprimé et vos données personnelles
        effacées.
      </Paragraph>
      <Paragraph>Nous conservons uniquement vos factures, que la loi nous oblige à garder 10 ans.</Paragraph>
      <Paragraph>
        Ce message est le dernier que vous recevrez de notre part. Vous pourrez toujours revenir vers nous : il suffira
        de créer un nouveau compte.
      </Paragraph>
      <Signature site={site} />
    </MailLayout>
  );
}

export function ErasureRefused({ site, params }: Props<'erasure_refused'>) {
  return (
    <MailLayout
      site={site}
      preview="Réponse à votre demande d’effacement"
      title="Votre demande d’effacement des données"
    >
      <Paragraph>Bonjour {params.name},</Paragraph>
      <Paragraph>
        Nous avons étudié votre demande d’effacement de votre compte et de vos données, et ne pouvons pas y donner suite
        pour le moment, pour la raison suivante :
      </Paragraph>
      <Text style={styles.quote}>« {params.reason} »</Text>
      <Paragraph>
        Votre espace client reste ouvert. Vous pouvez renouveler votre demande depuis « Mes données », répondre à ce
        message ou nous appeler au {site.phone}.
      </Paragraph>
      <Signature site={site} />
    </MailLayout>
  );
}

/** Staff wrote in the thread of a request: the message itself, and the way back to answer from the dashboard. */
export function InterventionMessageMail({ site, params }: Props<'intervention_message'>) {
  return (
    <MailLayout
      site={site}
      preview={`Nouveau message sur votre demande n° ${params.interventionId}`}
      title="Un technicien vous a répondu"
    >
      <Paragraph>Bonjour {params.name},</Paragraph>
      <Paragraph>
        Un technicien a écrit sur votre demande n° {params.interventionId} – {params.title} :
      </Paragraph>
      <Text style={styles.quote}>{params.body}</Text>
      <Action href={`${site.publicUrl}${requestPage(params.interventionId)}`}>Répondre depuis mon espace</Action>
      <Signature site={site} />
    </MailLayout>
  );
}
