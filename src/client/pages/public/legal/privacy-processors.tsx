import type { SiteInfo } from '#shared/site.ts';

/** Who processes the data for us (RGPD art. 28), from the site's settings: a processor switched off is not named. */
export function Processors({ site }: { site: SiteInfo }) {
  return (
    <>
      <p>
        Certains prestataires traitent vos données pour notre compte, sous contrat, uniquement selon nos instructions et
        avec des garanties de confidentialité :
      </p>
      <ul>
        <li>
          <strong>Hébergement du site et des données :</strong> {site.hostingProvider}.
        </li>
        <li>
          <strong>Envoi des e-mails :</strong> {site.smtpProvider ?? 'notre prestataire d’envoi d’e-mails'}, qui reçoit
          votre adresse e-mail et le contenu des messages que nous vous envoyons.
        </li>
        {site.onlinePayment && (
          <li>
            <strong>Paiement en ligne :</strong> Stripe Payments Europe Ltd (Irlande). Quand vous choisissez « Payer en
            ligne », Stripe reçoit votre adresse e-mail, le montant et le numéro de la commande ; vous saisissez votre
            carte chez Stripe, et <strong>nous ne voyons jamais ses numéros</strong>.
          </li>
        )}
        {site.screenShareRelay && (
          <li>
            <strong>Relais du partage d’écran :</strong> quand une connexion directe n’est pas possible, l’image
            chiffrée passe par un serveur relais, qui ne peut ni la lire ni l’enregistrer.
          </li>
        )}
      </ul>
      <p>
        <strong>Nous ne vendons ni ne louons vos données.</strong> Elles ne sont accessibles qu’à notre équipe, dans la
        limite de ce dont chacun a besoin, et aux autorités uniquement lorsque la loi l’exige.
      </p>
    </>
  );
}

/** Transfers outside the EU (RGPD chapter V): the company's own, and Stripe's when online payment is on. */
export function Transfers({ site }: { site: SiteInfo }) {
  return (
    <>
      <p>
        {site.legalName} est établie aux États-Unis : nos équipes peuvent y consulter vos données. Ce transfert est
        encadré par les clauses contractuelles types adoptées par la Commission européenne.
      </p>
      {site.onlinePayment && (
        <p>
          Stripe peut transférer vers sa maison mère aux États-Unis (Stripe, Inc.) les données d’un paiement. Stripe,
          Inc. adhère au cadre de protection des données UE – États-Unis (Data Privacy Framework), reconnu par la
          Commission européenne, et s’engage aussi par des clauses contractuelles types.
        </p>
      )}
      <p>
        {site.euRepresentative
          ? `Notre représentant dans l’Union européenne (article 27 du RGPD), que vous pouvez aussi contacter pour vos données : ${site.euRepresentative}.`
          : 'Sur demande, nous vous envoyons une copie de ces garanties.'}
      </p>
    </>
  );
}
