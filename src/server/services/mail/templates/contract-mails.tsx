import { Text } from '@react-email/text';
import { formatDate, formatEuro } from '#shared/format.ts';
import { addDays } from '#server/services/calendar/paris-calendar.ts';
import { getPlan } from '#shared/plans.ts';
import type { SiteInfo } from '#shared/site.ts';
import { findCgvVersion, cgvHref, type CgvVersion } from '#shared/orders/cgv-versions.ts';
import { WITHDRAWAL_DAYS, withdrawalFormLines } from '#shared/orders/withdrawal-form.ts';
import type { MailParams } from '#server/services/mail/mail-params.ts';
import { Action, Facts, MailLayout, Paragraph, Signature, styles } from './layout.tsx';

type Props<K extends keyof MailParams> = { site: SiteInfo; params: MailParams[K] };

/** The model withdrawal form (annex to R221-1), as the CGV print it. */
function WithdrawalForm({ site }: { site: SiteInfo }) {
  return (
    <>
      <Text style={{ ...styles.text, fontWeight: 600 }}>Modèle de formulaire de rétractation</Text>
      {withdrawalFormLines(site).map((line) => (
        <Text key={line.text} style={styles.text}>
          {line.text}
          {line.blank ? ' ……………………………' : ''}
        </Text>
      ))}
    </>
  );
}

/**
 * The contract on a durable medium (L221-13), sent once when an order is first paid (docs/decisions/041); the PDF of
 * the CGV version accepted is joined when it is sent (services/orders/cgv-pdf.ts).
 */
export function ContractConfirmation({ site, params }: Props<'contract_confirmation'>) {
  const plan = getPlan(params.planId);
  const version = findCgvVersion(params.cgvVersion);
  const cgvUrl = `${site.publicUrl}${cgvHref((version?.version ?? params.cgvVersion) as CgvVersion)}`;
  const lastDay = addDays(params.concludedOn, WITHDRAWAL_DAYS);
  return (
    <MailLayout
      site={site}
      preview={`Votre abonnement ${plan.name} est confirmé : voici votre contrat.`}
      title="Confirmation de votre contrat"
    >
      <Paragraph>Bonjour {params.name},</Paragraph>
      <Paragraph>
        Votre paiement est confirmé : votre contrat avec {site.legalName} est conclu. Voici ce qu’il comprend ;
        conservez ce message.
      </Paragraph>
      <Facts
        rows={[
          ['Formule', `${plan.name}`],
          ['Prix', `${formatEuro(Number(params.price))} TTC, payé d’avance, sans renouvellement automatique`],
          ['Durée', plan.durationText],
          ['Conclu le', formatDate(params.concludedOn)],
          ['Conditions générales', `version du ${version?.label ?? params.cgvVersion}`],
        ]}
      />
      <Paragraph>
        Les conditions générales de vente que vous avez acceptées sont jointes à ce message en PDF ; elles restent
        consultables en ligne à tout moment.
      </Paragraph>
      <Action href={cgvUrl}>Lire les conditions générales acceptées</Action>
      <Text style={{ ...styles.text, fontWeight: 600 }}>Votre droit de rétractation</Text>
      <Paragraph>
        Vous pouvez vous rétracter jusqu’au {formatDate(lastDay)} inclus ({WITHDRAWAL_DAYS} jours), sans motif : avec le
        bouton « Me rétracter » de votre espace client, avec le formulaire ci-dessous, ou par toute déclaration sans
        ambiguïté envoyée à {site.email}.{' '}
        {params.expressRequest
          ? 'Vous avez demandé que l’assistance commence avant la fin de ce délai : si vous vous rétractez, la part de l’abonnement écoulée jusque-là restera due, le reste vous sera remboursé.'
          : 'Vous n’avez pas demandé que l’assistance commence avant la fin de ce délai : si vous vous rétractez, tout vous sera remboursé.'}{' '}
        Le remboursement intervient sous 14 jours, par le moyen de paiement utilisé.
      </Paragraph>
      <WithdrawalForm site={site} />
      <Paragraph>
        Un désaccord ? Écrivez-nous ; vous pouvez aussi recourir gratuitement au médiateur de la consommation :{' '}
        {site.mediator.name}, {site.mediator.url}.
      </Paragraph>
      <Signature site={site} />
    </MailLayout>
  );
}

/** « Me rétracter » acknowledged on a durable medium (L221-21), with the amount to be given back. */
export function WithdrawalReceived({ site, params }: Props<'withdrawal_received'>) {
  const plan = getPlan(params.planId);
  return (
    <MailLayout
      site={site}
      preview="Nous avons bien reçu votre rétractation."
      title="Votre rétractation est enregistrée"
    >
      <Paragraph>Bonjour {params.name},</Paragraph>
      <Paragraph>
        Nous avons bien reçu, le {formatDate(params.withdrawnOn)}, votre rétractation de l’abonnement {plan.name}. Il
        prend fin ce jour.
      </Paragraph>
      <Facts
        rows={[
          ['Montant remboursé', formatEuro(Number(params.refund))],
          [
            'Calcul',
            params.expressRequest
              ? 'le prix, moins la part de l’abonnement écoulée jusqu’à votre rétractation (vous aviez demandé qu’il commence tout de suite)'
              : 'la totalité du prix (vous n’aviez pas demandé que l’assistance commence avant la fin du délai)',
          ],
        ]}
      />
      <Paragraph>
        Nous vous remboursons au plus tard sous 14 jours, par le moyen de paiement utilisé pour la commande, et vous
        adressons l’avoir correspondant.
      </Paragraph>
      <Signature site={site} />
    </MailLayout>
  );
}
