import type { SiteInfo } from '#shared/site.ts';
import { b, companyIdentity, link, mailLink, p, type LegalTextSection } from './legal-text.ts';

/**
 * The terms of sale as they stood from 17 January 2025 to 27 November 2026, kept word for word: an order placed
 * under them was accepted on these words (docs/decisions/041).
 */
export function cgv20250117(site: SiteInfo): LegalTextSection[] {
  const mail = mailLink(site);
  return [
    {
      id: 'objet',
      title: 'Objet',
      blocks: [
        p(
          `Les présentes conditions générales de vente (CGV) encadrent la vente, par ${site.legalName}, d’abonnements ` +
            'd’assistance informatique à distance pour ordinateurs Windows et Mac, destinés aux particuliers.',
        ),
        p(
          'Toute commande suppose l’acceptation sans réserve des CGV en vigueur à la date de la commande. Elles ' +
            'prévalent sur tout autre document, sauf accord écrit de notre part.',
        ),
      ],
    },
    { id: 'prestataire', title: 'Qui sommes-nous ?', blocks: [companyIdentity(site)] },
    {
      id: 'services',
      title: 'Les services proposés',
      blocks: [
        p(
          'Nos techniciens vous aident à distance sur votre ordinateur : installation et réglage de logiciels, ' +
            'lenteurs, virus et sécurité, messagerie, imprimantes, sauvegardes, mises à jour, conseils d’utilisation.',
        ),
        p(
          'L’assistance se fait uniquement à distance, par téléphone, par e-mail ou par prise en main de votre écran ' +
            'avec votre accord. Nous ne nous déplaçons pas et ne réparons pas le matériel (pièces, écran cassé…).',
        ),
      ],
    },
    {
      id: 'abonnements',
      title: 'Abonnements et prix',
      blocks: [
        p('Six abonnements sont proposés. Les prix sont indiqués en euros, toutes taxes comprises.'),
        { table: 'plans' },
        p(
          'Chaque abonnement couvre le nombre d’appareils indiqué, qui doivent vous appartenir ou être utilisés par ' +
            'votre foyer. Les appareils couverts sont ceux déclarés lors de l’inscription.',
        ),
      ],
    },
    {
      id: 'duree',
      title: 'Durée, sans renouvellement automatique',
      blocks: [
        p(
          'L’abonnement est conclu pour une ',
          b('durée déterminée'),
          ' (1, 3, 6 ou 12 mois selon la formule), à compter de sa validation après paiement.',
        ),
        p(
          'Il ',
          b('n’est pas renouvelé automatiquement'),
          ' : il prend fin de lui-même à son terme, sans démarche de votre part et sans nouveau prélèvement. Pour ' +
            'continuer, il suffit de souscrire un nouvel abonnement.',
        ),
      ],
    },
    {
      id: 'commande',
      title: 'Commande et inscription',
      blocks: [
        {
          ol: [
            ['Vous choisissez un abonnement sur notre site.'],
            ['Vous remplissez le formulaire d’inscription (identité, coordonnées, appareil à assister).'],
            ['Notre équipe vérifie votre demande et vous envoie par e-mail les modalités de paiement.'],
            ['Après paiement, vous recevez vos identifiants personnels et les instructions d’accès.'],
          ],
        },
        p(
          'Une preuve d’achat ou de propriété de l’appareil peut vous être demandée. L’assistance reste bloquée tant ' +
            'que ces documents n’ont pas été envoyés et vérifiés. Nous pouvons refuser une demande incomplète ou ' +
            'manifestement frauduleuse ; aucun paiement n’est alors exigé.',
        ),
      ],
    },
    {
      id: 'paiement',
      title: 'Paiement',
      blocks: [
        p(
          'Le prix est payable ',
          b('d’avance et en totalité'),
          ', en euros, par ',
          b('carte bancaire'),
          ' ou en ',
          b('cryptomonnaie'),
          '. Le service démarre une fois le paiement reçu.',
        ),
        p(
          b('Aucune TVA n’est facturée'),
          ' : le prestataire est une société établie aux États-Unis. Le prix affiché est le prix final que vous payez.',
        ),
        p(
          'Une facture vous est remise pour chaque commande. Son authenticité peut être contrôlée à tout moment sur la ' +
            'page ',
          link('Vérifier une facture', '/verify-invoice'),
          ', grâce à la clé imprimée sur la facture.',
        ),
      ],
    },
    {
      id: 'identifiants',
      title: 'Identifiants personnels',
      blocks: [
        p(
          'Après validation, vous recevez par e-mail un nom d’utilisateur et un mot de passe pour accéder à votre ' +
            'espace client et demander une assistance.',
        ),
        p(
          'Ces identifiants sont ',
          b('personnels et confidentiels'),
          '. Ne les communiquez à personne : nos techniciens ne vous demanderont jamais votre mot de passe. En cas de ' +
            'perte ou de doute, écrivez-nous à ',
          mail,
          ' ; nous vous en fournirons de nouveaux.',
        ),
      ],
    },
    {
      id: 'niveaux-de-service',
      title: 'Niveaux de service',
      blocks: [
        p('Selon l’abonnement, nous nous engageons à traiter vos demandes dans les conditions suivantes :'),
        { table: 'service-levels' },
        p(
          'Les délais de réponse sont des objectifs, mesurés pendant les horaires d’assistance, entre votre demande et ' +
            'la prise de contact d’un technicien. Dans les formules qui la prévoient, l’urgence express est prise en ' +
            'charge en moins de 30 minutes. Nous sommes tenus à une obligation de moyens : nous mettons tout en œuvre ' +
            'pour résoudre votre problème, sans pouvoir garantir le résultat, notamment lorsque la panne est ' +
            'matérielle.',
        ),
      ],
    },
    {
      id: 'outils',
      title: 'Outils de prise en main à distance',
      blocks: [
        p(
          'Pour intervenir sur votre écran, ',
          b('vous installez vous-même'),
          ' l’outil de prise en main à distance que nous vous indiquons, en suivant nos instructions. Vous restez ' +
            'libre de le désinstaller.',
        ),
        p(
          'Chaque session commence uniquement avec votre accord. Vous voyez tout ce que fait le technicien et pouvez ' +
            'interrompre la session à tout moment. Nous n’accédons jamais à votre appareil en dehors d’une session ' +
            'que vous avez acceptée.',
        ),
      ],
    },
    {
      id: 'obligations-client',
      title: 'Vos engagements',
      blocks: [
        {
          ul: [
            ['Fournir des informations exactes lors de l’inscription et les tenir à jour.'],
            ['Être propriétaire de l’appareil assisté ou autorisé par son propriétaire.'],
            ['Sauvegarder vos données importantes avant une intervention, lorsque c’est possible.'],
            ['Rester disponible pendant la session et suivre les indications du technicien.'],
            ['N’utiliser que des logiciels acquis légalement ; nous refusons d’installer des copies illicites.'],
            ['Ne pas utiliser le service de façon abusive ni au profit de tiers non couverts par l’abonnement.'],
          ],
        },
      ],
    },
    {
      id: 'retractation',
      title: 'Droit de rétractation',
      blocks: [
        p(
          'Vous disposez de 14 jours après la validation de votre abonnement pour vous rétracter, tant que le service ' +
            'n’a pas commencé : il suffit de nous écrire à ',
          mail,
          ', et nous vous remboursons sous 14 jours.',
        ),
        p(
          'En demandant une première intervention pendant ce délai, vous demandez expressément que le service ' +
            'commence. ',
          b('Une fois le service commencé, le droit de rétractation ne peut plus être exercé.'),
        ),
      ],
    },
    {
      id: 'cession',
      title: 'Cession de l’abonnement',
      blocks: [
        p(
          'L’abonnement est attaché à votre personne et aux appareils déclarés. Il ne peut être cédé, revendu ou ' +
            'transféré à un tiers ',
          b('sans notre accord écrit préalable'),
          '.',
        ),
      ],
    },
    {
      id: 'responsabilite',
      title: 'Responsabilité',
      blocks: [
        p(
          'Nous intervenons avec soin et selon les règles de l’art. Nous ne sommes pas responsables des dommages dus à ' +
            'une panne matérielle, à un logiciel tiers, à une mauvaise utilisation, à l’absence de sauvegarde ou à un ' +
            'événement hors de notre contrôle.',
        ),
        p(
          'Dans tous les cas, notre responsabilité est ',
          b('limitée au montant que vous avez payé'),
          ' pour l’abonnement concerné, sauf faute lourde ou intentionnelle, et sauf dommage corporel.',
        ),
      ],
    },
    {
      id: 'suspension',
      title: 'Suspension et fin anticipée',
      blocks: [
        p(
          'En cas de manquement grave à ces CGV (fraude, propos injurieux envers un technicien, usage illicite), nous ' +
            'pouvons suspendre puis résilier l’abonnement, après vous en avoir informé par e-mail. La partie de ' +
            'l’abonnement non utilisée vous est alors remboursée, sauf en cas de fraude.',
        ),
      ],
    },
    {
      id: 'donnees',
      title: 'Données personnelles',
      blocks: [
        p(
          'Les données recueillies servent à traiter votre inscription, fournir l’assistance et établir les ' +
            'factures. Leur traitement et vos droits sont décrits dans notre ',
          link('politique de confidentialité', '/privacy-policy'),
          '.',
        ),
      ],
    },
    {
      id: 'reclamations',
      title: 'Réclamations',
      blocks: [
        p(
          'Une question ou un désaccord ? Écrivez-nous à ',
          mail,
          ` ou appelez le ${site.phone}, en indiquant votre nom et, si possible, le numéro de votre facture. Nous ` +
            'vous répondons sous 7 jours ouvrés et cherchons avec vous une solution amiable avant toute autre ' +
            'démarche.',
        ),
      ],
    },
    {
      id: 'droit-applicable',
      title: 'Droit applicable et litiges',
      blocks: [
        p(
          'Les présentes CGV sont soumises au ',
          b('droit de l’État du Wyoming'),
          ' (États-Unis). À défaut d’accord amiable, les litiges relèvent des tribunaux compétents du Wyoming.',
        ),
        p(
          'Ce choix ne vous prive pas de la protection que vous assurent les règles impératives du droit de votre ' +
            'pays de résidence.',
        ),
      ],
    },
    {
      id: 'modifications',
      title: 'Modification des CGV',
      blocks: [
        p(
          'Nous pouvons modifier ces CGV. La version applicable est celle en vigueur le jour de votre commande : une ' +
            'modification ne s’applique pas à un abonnement déjà souscrit.',
        ),
      ],
    },
  ];
}
