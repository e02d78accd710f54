import { CompanyIdentity } from './company-identity.tsx';
import { Link } from '#client/lib/router.ts';
import type { SiteInfo } from '#shared/site.ts';
import type { LegalSection } from './legal-document.tsx';
import { PlansTable, ServiceLevelsTable } from './plan-tables.tsx';
import { WithdrawalSection } from './withdrawal-section.tsx';

/**
 * The terms of sale in force since 27 November 2026 (docs/decisions/041): consumer law (withdrawal after L221-18 to
 * L221-28, mediator, French courts, no cap on liability). Company identity and mediator come from configuration,
 * prices from the catalogue; what the product does (online payment on or off) is said as it is.
 */
export function cgvSections(site: SiteInfo): LegalSection[] {
  const mail = <a href={`mailto:${site.email}`}>{site.email}</a>;
  return [
    {
      id: 'objet',
      title: 'Objet',
      body: (
        <>
          <p>
            Les présentes conditions générales de vente (CGV) encadrent la vente, par {site.legalName}, d’abonnements
            d’assistance informatique à distance pour ordinateurs Windows et Mac, destinés aux particuliers
            (consommateurs).
          </p>
          <p>
            Vous les acceptez en cochant la case prévue à chaque commande (inscription, renouvellement, changement de
            formule). La version acceptée est enregistrée avec votre commande et reste consultable sur ce site.
          </p>
        </>
      ),
    },
    {
      id: 'prestataire',
      title: 'Qui sommes-nous ?',
      body: <CompanyIdentity />,
    },
    {
      id: 'services',
      title: 'Les services proposés',
      body: (
        <>
          <p>
            Nos techniciens vous aident à distance sur votre ordinateur : installation et réglage de logiciels,
            lenteurs, virus et sécurité, messagerie, imprimantes, sauvegardes, mises à jour, conseils d’utilisation.
          </p>
          <p>
            L’assistance se fait uniquement à distance : par téléphone, par écrit depuis votre espace client, par le
            partage de votre écran dans le navigateur ou par prise en main de votre ordinateur, toujours avec votre
            accord. Nous ne nous déplaçons pas et ne réparons pas le matériel (pièces, écran cassé…).
          </p>
        </>
      ),
    },
    {
      id: 'abonnements',
      title: 'Abonnements et prix',
      body: (
        <>
          <p>Six abonnements sont proposés. Les prix sont indiqués en euros, toutes taxes comprises.</p>
          <PlansTable />
          <p>
            Chaque abonnement couvre le nombre d’appareils indiqué, qui doivent vous appartenir ou être utilisés par
            votre foyer. Vous déclarez le premier lors de l’inscription ; ensuite, dans la rubrique « Mes appareils » de
            votre espace client, vous choisissez les appareils couverts dans la limite de votre formule, et vous pouvez
            en retirer un pour en déclarer un autre.
          </p>
        </>
      ),
    },
    {
      id: 'duree',
      title: 'Durée, sans renouvellement automatique',
      body: (
        <>
          <p>
            L’abonnement est conclu pour une <strong>durée déterminée</strong> (1, 3, 6 ou 12 mois selon la formule), à
            compter de la confirmation de votre paiement. Un renouvellement commandé avant la fin de l’abonnement en
            cours commence le lendemain de celle-ci.
          </p>
          <p>
            Il <strong>n’est pas renouvelé automatiquement</strong> : il prend fin de lui-même à son terme, sans
            démarche de votre part et sans nouveau prélèvement. Pour continuer, il suffit de commander une nouvelle
            période depuis votre espace client.
          </p>
        </>
      ),
    },
    {
      id: 'commande',
      title: 'Commande et inscription',
      body: (
        <>
          <ol>
            <li>Vous choisissez un abonnement sur notre site.</li>
            <li>
              Vous remplissez le formulaire d’inscription (identité, coordonnées, appareil à assister), vous cochez la
              case d’acceptation des CGV et, si vous le souhaitez, la case demandant que l’assistance commence avant la
              fin du délai de rétractation.
            </li>
            <li>
              Notre équipe vérifie votre demande, crée votre compte et vous envoie par e-mail vos identifiants
              personnels.
            </li>
            <li>Vous réglez votre commande (voir « Paiement »).</li>
            <li>
              Dès le paiement confirmé, le contrat est conclu : vous recevez par e-mail sa confirmation (formule, prix,
              durée, ces CGV en PDF, le formulaire de rétractation).
            </li>
          </ol>
          <p>
            Un client déjà inscrit renouvelle ou change de formule depuis son espace client, avec les mêmes cases à
            cocher. Une preuve d’achat ou de propriété d’un appareil peut vous être demandée : l’assistance sur cet
            appareil attend alors que le document soit envoyé et vérifié. Nous pouvons refuser une demande incomplète ou
            manifestement frauduleuse ; aucun paiement n’est alors exigé.
          </p>
        </>
      ),
    },
    {
      id: 'paiement',
      title: 'Paiement',
      body: (
        <>
          <p>
            Le prix est payable <strong>d’avance et en totalité</strong>, en euros.{' '}
            {site.onlinePayment ? (
              <>
                Depuis votre espace client, le bouton <strong>« Payer en ligne »</strong> vous permet de régler par{' '}
                <strong>carte bancaire</strong> sur la page de paiement sécurisée de notre prestataire Stripe. Si vous
                préférez, notre équipe vous indique par e-mail d’autres moyens de régler (virement, chèque).
              </>
            ) : (
              <>
                Notre équipe vous indique par e-mail comment régler : carte bancaire, virement ou chèque. Aucun paiement
                n’est demandé sur le site.
              </>
            )}
          </p>
          <p>
            <strong>Aucune TVA n’est facturée</strong> : le prestataire est une société établie aux États-Unis. Le prix
            affiché est le prix final que vous payez.
          </p>
          <p>
            Une facture est émise pour chaque commande payée, le jour du paiement ; elle est disponible dans votre
            espace client. Son authenticité peut être contrôlée sur la page{' '}
            <Link to="/verify-invoice">Vérifier une facture</Link>, grâce à la clé imprimée sur la facture. Un
            remboursement donne lieu à un avoir.
          </p>
        </>
      ),
    },
    {
      id: 'identifiants',
      title: 'Identifiants personnels',
      body: (
        <>
          <p>
            Dès la validation de votre inscription, vous recevez par e-mail un nom d’utilisateur et un mot de passe pour
            accéder à votre espace client, où vous réglez votre commande puis demandez une assistance.
          </p>
          <p>
            Ces identifiants sont <strong>personnels et confidentiels</strong>. Ne les communiquez à personne : nos
            techniciens ne vous demanderont jamais le mot de passe de votre espace client. En cas de perte, utilisez «
            Mot de passe oublié » ou écrivez-nous à {mail}.
          </p>
        </>
      ),
    },
    {
      id: 'niveaux-de-service',
      title: 'Niveaux de service',
      body: (
        <>
          <p>Selon l’abonnement, nous nous engageons à traiter vos demandes dans les conditions suivantes :</p>
          <ServiceLevelsTable />
          <p>
            Les délais de réponse sont mesurés pendant les horaires d’assistance, entre votre demande et la prise de
            contact d’un technicien. Dans les formules qui la prévoient, l’urgence express est prise en charge en moins
            de 30 minutes. Nous mettons tout en œuvre pour résoudre votre problème, sans pouvoir garantir le résultat
            lorsque la panne est matérielle.
          </p>
        </>
      ),
    },
    {
      id: 'outils',
      title: 'Outils de prise en main à distance',
      body: (
        <>
          <p>
            Pour intervenir sur votre écran, vous partagez votre écran depuis votre navigateur, ou{' '}
            <strong>vous installez vous-même</strong> l’outil de prise en main à distance que nous vous indiquons, en
            suivant nos instructions. Vous restez libre de le désinstaller.
          </p>
          <p>
            Chaque session commence uniquement avec votre accord. Vous voyez tout ce que fait le technicien et pouvez
            interrompre la session à tout moment. Nous n’accédons jamais à votre appareil en dehors d’une session que
            vous avez acceptée.
          </p>
        </>
      ),
    },
    {
      id: 'obligations-client',
      title: 'Vos engagements',
      body: (
        <ul>
          <li>Fournir des informations exactes lors de l’inscription et les tenir à jour.</li>
          <li>Être propriétaire de l’appareil assisté ou autorisé par son propriétaire.</li>
          <li>Sauvegarder vos données importantes avant une intervention, lorsque c’est possible.</li>
          <li>Rester disponible pendant la session et suivre les indications du technicien.</li>
          <li>N’utiliser que des logiciels acquis légalement ; nous refusons d’installer des copies illicites.</li>
          <li>Ne pas utiliser le service de façon abusive ni au profit de tiers non couverts par l’abonnement.</li>
        </ul>
      ),
    },
    { id: 'retractation', title: 'Droit de rétractation', body: <WithdrawalSection site={site} /> },
    {
      id: 'cession',
      title: 'Cession de l’abonnement',
      body: (
        <p>
          L’abonnement est attaché à votre personne. Il ne peut être cédé, revendu ou transféré à un tiers{' '}
          <strong>sans notre accord écrit préalable</strong>.
        </p>
      ),
    },
    {
      id: 'responsabilite',
      title: 'Responsabilité et garanties',
      body: (
        <>
          <p>
            Nous intervenons avec soin et selon les règles de l’art, et répondons de la bonne exécution des services
            (article L221-15 du code de la consommation). Notre responsabilité n’est pas engagée lorsque le dommage est
            dû à votre fait, au fait imprévisible et insurmontable d’un tiers, ou à un cas de force majeure.
          </p>
          <p>
            Aucune clause des présentes CGV ne limite ni n’exclut votre droit à réparation en cas de manquement de notre
            part à l’une de nos obligations.
          </p>
        </>
      ),
    },
    {
      id: 'suspension',
      title: 'Suspension et fin anticipée',
      body: (
        <p>
          En cas de manquement grave à ces CGV (fraude, propos injurieux envers un technicien, usage illicite), nous
          pouvons suspendre puis résilier l’abonnement, après vous avoir mis en demeure par e-mail d’y remédier. La
          partie de l’abonnement non utilisée vous est alors remboursée.
        </p>
      ),
    },
    {
      id: 'donnees',
      title: 'Données personnelles',
      body: (
        <p>
          Les données recueillies servent à traiter votre inscription, fournir l’assistance et établir les factures.
          Leur traitement, leurs durées de conservation et vos droits sont décrits dans notre{' '}
          <Link to="/privacy-policy">politique de confidentialité</Link>.
        </p>
      ),
    },
    {
      id: 'reclamations',
      title: 'Réclamations et médiation',
      body: (
        <>
          <p>
            Une question ou un désaccord ? Écrivez-nous à {mail} ou appelez le {site.phone}, en indiquant votre nom et,
            si possible, le numéro de votre facture. Nous vous répondons sous 7 jours ouvrés.
          </p>
          <p>
            Si notre réponse ne vous satisfait pas, ou sans réponse de notre part, vous pouvez recourir gratuitement au
            médiateur de la consommation dont nous relevons (articles L612-1 et suivants du code de la consommation) :{' '}
            <strong>{site.mediator.name}</strong>, {site.mediator.address},{' '}
            <a href={site.mediator.url}>{site.mediator.url}</a>. Vous devez l’avoir saisi dans l’année qui suit votre
            réclamation écrite auprès de nous.
          </p>
        </>
      ),
    },
    {
      id: 'droit-applicable',
      title: 'Droit applicable et litiges',
      body: (
        <>
          <p>
            Les présentes CGV sont soumises au <strong>droit français</strong>. Elles ne vous privent d’aucune des
            protections que vous assurent les règles impératives du pays où vous résidez.
          </p>
          <p>
            À défaut d’accord amiable ou de médiation, vous pouvez saisir, à votre choix, la juridiction du lieu où vous
            demeuriez lors de la commande ou de la survenance du dommage, ou toute autre juridiction compétente selon le
            code de procédure civile (article R631-3 du code de la consommation).
          </p>
        </>
      ),
    },
    {
      id: 'modifications',
      title: 'Modification des CGV',
      body: (
        <p>
          Nous pouvons modifier ces CGV. La version applicable est celle que vous avez acceptée le jour de votre
          commande : une modification ne s’applique pas à une commande déjà passée. Les versions précédentes restent
          consultables en bas de cette page.
        </p>
      ),
    },
  ];
}
