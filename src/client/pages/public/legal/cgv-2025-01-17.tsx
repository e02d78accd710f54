import { CompanyIdentity } from './company-identity.tsx';
import { Link } from '#client/lib/router.ts';
import type { SiteInfo } from '#shared/site.ts';
import type { LegalSection } from './legal-document.tsx';
import { PlansTable, ServiceLevelsTable } from './plan-tables.tsx';

/**
 * The terms of sale as they stood from 17 January 2025 to 27 November 2026, kept word for word: an order placed
 * under them was accepted on these words (docs/decisions/041).
 */
export function cgvSections20250117(site: SiteInfo): LegalSection[] {
  const mail = <a href={`mailto:${site.email}`}>{site.email}</a>;
  return [
    {
      id: 'objet',
      title: 'Objet',
      body: (
        <>
          <p>
            Les présentes conditions générales de vente (CGV) encadrent la vente, par {site.legalName}, d’abonnements
            d’assistance informatique à distance pour ordinateurs Windows et Mac, destinés aux particuliers.
          </p>
          <p>
            Toute commande suppose l’acceptation sans réserve des CGV en vigueur à la date de la commande. Elles
            prévalent sur tout autre document, sauf accord écrit de notre part.
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
            L’assistance se fait uniquement à distance, par téléphone, par e-mail ou par prise en main de votre écran
            avec votre accord. Nous ne nous déplaçons pas et ne réparons pas le matériel (pièces, écran cassé…).
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
            votre foyer. Les appareils couverts sont ceux déclarés lors de l’inscription.
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
            compter de sa validation après paiement.
          </p>
          <p>
            Il <strong>n’est pas renouvelé automatiquement</strong> : il prend fin de lui-même à son terme, sans
            démarche de votre part et sans nouveau prélèvement. Pour continuer, il suffit de souscrire un nouvel
            abonnement.
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
            <li>Vous remplissez le formulaire d’inscription (identité, coordonnées, appareil à assister).</li>
            <li>Notre équipe vérifie votre demande et vous envoie par e-mail les modalités de paiement.</li>
            <li>Après paiement, vous recevez vos identifiants personnels et les instructions d’accès.</li>
          </ol>
          <p>
            Une preuve d’achat ou de propriété de l’appareil peut vous être demandée. L’assistance reste bloquée tant
            que ces documents n’ont pas été envoyés et vérifiés. Nous pouvons refuser une demande incomplète ou
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
            Le prix est payable <strong>d’avance et en totalité</strong>, en euros, par <strong>carte bancaire</strong>{' '}
            ou en <strong>cryptomonnaie</strong>. Le service démarre une fois le paiement reçu.
          </p>
          <p>
            <strong>Aucune TVA n’est facturée</strong> : le prestataire est une société établie aux États-Unis. Le prix
            affiché est le prix final que vous payez.
          </p>
          <p>
            Une facture vous est remise pour chaque commande. Son authenticité peut être contrôlée à tout moment sur la
            page <Link to="/verify-invoice">Vérifier une facture</Link>, grâce à la clé imprimée sur la facture.
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
            Après validation, vous recevez par e-mail un nom d’utilisateur et un mot de passe pour accéder à votre
            espace client et demander une assistance.
          </p>
          <p>
            Ces identifiants sont <strong>personnels et confidentiels</strong>. Ne les communiquez à personne : nos
            techniciens ne vous demanderont jamais votre mot de passe. En cas de perte ou de doute, écrivez-nous à{' '}
            {mail} ; nous vous en fournirons de nouveaux.
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
            Les délais de réponse sont des objectifs, mesurés pendant les horaires d’assistance, entre votre demande et
            la prise de contact d’un technicien. Dans les formules qui la prévoient, l’urgence express est prise en
            charge en moins de 30 minutes. Nous sommes tenus à une obligation de moyens : nous mettons tout en œuvre
            pour résoudre votre problème, sans pouvoir garantir le résultat, notamment lorsque la panne est matérielle.
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
            Pour intervenir sur votre écran, <strong>vous installez vous-même</strong> l’outil de prise en main à
            distance que nous vous indiquons, en suivant nos instructions. Vous restez libre de le désinstaller.
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
    {
      id: 'retractation',
      title: 'Droit de rétractation',
      body: (
        <>
          <p>
            Vous disposez de 14 jours après la validation de votre abonnement pour vous rétracter, tant que le service
            n’a pas commencé : il suffit de nous écrire à {mail}, et nous vous remboursons sous 14 jours.
          </p>
          <p>
            En demandant une première intervention pendant ce délai, vous demandez expressément que le service commence.{' '}
            <strong>Une fois le service commencé, le droit de rétractation ne peut plus être exercé.</strong>
          </p>
        </>
      ),
    },
    {
      id: 'cession',
      title: 'Cession de l’abonnement',
      body: (
        <p>
          L’abonnement est attaché à votre personne et aux appareils déclarés. Il ne peut être cédé, revendu ou
          transféré à un tiers <strong>sans notre accord écrit préalable</strong>.
        </p>
      ),
    },
    {
      id: 'responsabilite',
      title: 'Responsabilité',
      body: (
        <>
          <p>
            Nous intervenons avec soin et selon les règles de l’art. Nous ne sommes pas responsables des dommages dus à
            une panne matérielle, à un logiciel tiers, à une mauvaise utilisation, à l’absence de sauvegarde ou à un
            événement hors de notre contrôle.
          </p>
          <p>
            Dans tous les cas, notre responsabilité est <strong>limitée au montant que vous avez payé</strong> pour
            l’abonnement concerné, sauf faute lourde ou intentionnelle, et sauf dommage corporel.
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
          pouvons suspendre puis résilier l’abonnement, après vous en avoir informé par e-mail. La partie de
          l’abonnement non utilisée vous est alors remboursée, sauf en cas de fraude.
        </p>
      ),
    },
    {
      id: 'donnees',
      title: 'Données personnelles',
      body: (
        <p>
          Les données recueillies servent à traiter votre inscription, fournir l’assistance et établir les factures.
          Leur traitement et vos droits sont décrits dans notre{' '}
          <Link to="/privacy-policy">politique de confidentialité</Link>.
        </p>
      ),
    },
    {
      id: 'reclamations',
      title: 'Réclamations',
      body: (
        <p>
          Une question ou un désaccord ? Écrivez-nous à {mail} ou appelez le {site.phone}, en indiquant votre nom et, si
          possible, le numéro de votre facture. Nous vous répondons sous 7 jours ouvrés et cherchons avec vous une
          solution amiable avant toute autre démarche.
        </p>
      ),
    },
    {
      id: 'droit-applicable',
      title: 'Droit applicable et litiges',
      body: (
        <>
          <p>
            Les présentes CGV sont soumises au <strong>droit de l’État du Wyoming</strong> (États-Unis). À défaut
            d’accord amiable, les litiges relèvent des tribunaux compétents du Wyoming.
          </p>
          <p>
            Ce choix ne vous prive pas de la protection que vous assurent les règles impératives du droit de votre pays
            de résidence.
          </p>
        </>
      ),
    },
    {
      id: 'modifications',
      title: 'Modification des CGV',
      body: (
        <p>
          Nous pouvons modifier ces CGV. La version applicable est celle en vigueur le jour de votre commande : une
          modification ne s’applique pas à un abonnement déjà souscrit.
        </p>
      ),
    },
  ];
}
