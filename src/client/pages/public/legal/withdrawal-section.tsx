import type { SiteInfo } from '#shared/site.ts';
import { WITHDRAWAL_DAYS, withdrawalFormLines } from '#shared/orders/withdrawal-form.ts';

/** The withdrawal clause (L221-18 to L221-28) and the model form of the annex to R221-1. */
export function WithdrawalSection({ site }: { site: SiteInfo }) {
  const mail = <a href={`mailto:${site.email}`}>{site.email}</a>;
  return (
    <>
      <p>
        Vous disposez d’un délai de <strong>{WITHDRAWAL_DAYS} jours</strong> pour vous rétracter de chaque commande,
        sans avoir à donner de motif ni à payer de pénalité. Ce délai court à compter du jour où le contrat est conclu,
        c’est-à-dire du jour où votre paiement est confirmé (articles L221-18 et suivants du code de la consommation).
      </p>
      <h3>Comment vous rétracter</h3>
      <ul>
        <li>
          le plus simple : le bouton <strong>« Me rétracter »</strong> de votre espace client, affiché pendant le délai
          à côté de la commande ; nous accusons réception par e-mail ;
        </li>
        <li>
          ou le formulaire ci-dessous, complété et envoyé à {mail} ou par courrier à {site.address} ;
        </li>
        <li>ou toute autre déclaration dénuée d’ambiguïté, envoyée avant la fin du délai.</li>
      </ul>
      <h3>Si l’assistance a déjà commencé</h3>
      <p>
        À chaque commande, une case (non cochée) vous permet de <strong>demander expressément</strong> que l’assistance
        commence avant la fin du délai de rétractation. Cette demande ne vous fait pas perdre votre droit : si vous vous
        rétractez ensuite, vous payez seulement la part du prix correspondant à la période écoulée jusqu’à votre
        rétractation, calculée au prorata des jours de l’abonnement (article L221-25).{' '}
        <strong>Sans cette demande, vous ne devez rien</strong> et le prix vous est entièrement remboursé, même si vous
        avez déjà demandé une assistance.
      </p>
      <p>
        Le droit de rétractation ne disparaît que si l’abonnement a été entièrement exécuté avant la fin du délai, après
        votre demande expresse (article L221-28, 1°) : ce n’est le cas d’aucune de nos formules, qui durent au moins un
        mois.
      </p>
      <h3>Remboursement</h3>
      <p>
        Nous vous remboursons au plus tard 14 jours après avoir reçu votre rétractation, par le même moyen de paiement
        que celui utilisé pour la commande (la carte bancaire pour un paiement en ligne), sauf accord de votre part pour
        un autre moyen, sans frais pour vous. Un avoir est émis pour le montant remboursé.
      </p>
      <h3 id="formulaire-retractation">Modèle de formulaire de rétractation</h3>
      <div className="mt-3 rounded-lg border border-slate-300 bg-white p-4" data-testid="withdrawal-form">
        {withdrawalFormLines(site).map((line) => (
          <p key={line.text}>
            {line.text}
            {line.blank && <span aria-hidden="true"> ……………………………………</span>}
          </p>
        ))}
      </div>
    </>
  );
}
