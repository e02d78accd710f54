import type { SiteInfo } from '#shared/site.ts';
import { WITHDRAWAL_DAYS } from './withdrawal-form.ts';
import { b, companyIdentity, link, mailLink, p, type LegalBlock, type LegalTextSection } from './legal-text.ts';

/** The withdrawal clause (L221-18 to L221-28) and the model form of the annex to R221-1. */
function withdrawalClause(site: SiteInfo): LegalBlock[] {
  return [
    p(
      'Vous disposez d’un délai de ',
      b(`${WITHDRAWAL_DAYS} jours`),
      ' pour vous rétracter de chaque commande, sans avoir à donner de motif ni à payer de pénalité. Ce délai court à ' +
        'compter du jour où le contrat est conclu, c’est-à-dire du jour où votre paiement est confirmé (articles ' +
        'L221-18 et suivants du code de la consommation).',
    ),
    { h3: 'Comment vous rétracter' },
    {
      ul: [
        [
          'le plus simple : le bouton ',
          b('« Me rétracter »'),
          ' de votre espace client, affiché pendant le délai à côté de la commande ; nous accusons réception par e-mail ;',
        ],
        ['ou le formulaire ci-dessous, complété et envoyé à ', mailLink(site), ` ou par courrier à ${site.address} ;`],
        ['ou toute autre déclaration dénuée d’ambiguïté, envoyée avant la fin du délai.'],
      ],
    },
    { h3: 'Si l’assistance a déjà commencé' },
    p(
      'À chaque commande, une case (non cochée) vous permet de ',
      b('demander expressément'),
      ' que l’assistance commence avant la fin du délai de rétractation. Cette demande ne vous fait pas perdre votre ' +
        'droit : si vous vous rétractez ensuite, vous payez seulement la part du prix correspondant à la période ' +
        'écoulée jusqu’à votre rétractation, calculée au prorata des jours de l’abonnement (article L221-25). ',
      b('Sans cette demande, vous ne devez rien'),
      ' et le prix vous est entièrement remboursé, même si vous avez déjà demandé une assistance.',
    ),
    p(
      'Le droit de rétractation ne disparaît que si l’abonnement a été entièrement exécuté avant la fin du délai, après ' +
        'votre demande expresse (article L221-28, 1°) : ce n’est le cas d’aucune de nos formules, qui durent au moins ' +
        'un mois.',
    ),
    { h3: 'Remboursement' },
    p(
      'Nous vous remboursons au plus tard 14 jours après avoir reçu votre rétractation, par le même moyen de paiement ' +
        'que celui utilisé pour la commande (la carte bancaire pour un paiement en ligne), sauf accord de votre part ' +
        'pour un autre moyen, sans frais pour vous. Un avoir est émis pour le montant remboursé.',
    ),
    { h3: 'Modèle de formulaire de rétractation', id: 'formulaire-retractation' },
    { withdrawalForm: true },
  ];
}

/**
 * The terms of sale in force since 27 November 2026 (docs/decisions/041): consumer law (withdrawal after L221-18 to
 * L221-28, mediator, French courts, no cap on liability). Company identity and mediator come from configuration,
 * prices from the catalogue; what the product does (online payment on or off) is said as it is.
 */
export function cgv20261127(site: SiteInfo): LegalTextSection[] {
  const mail = mailLink(site);
  return [
    {
      id: 'objet',
      title: 'Objet',
      blocks: [
        p(
          `Les présentes conditions générales de vente (CGV) encadrent la vente, par ${site.legalName}, d’abonnements ` +
            'd’assistance informatique à distance pour ordinateurs Windows et Mac, destinés aux particuliers ' +
            '(consommateurs).',
        ),
        p(
          'Vous les acceptez en cochant la case prévue à chaque commande (inscription, renouvellement, changement de ' +
            'formule). La version acceptée est enregistrée avec votre commande et reste consultable sur ce site.',
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
          'L’assistance se fait uniquement à distance : par téléphone, par écrit depuis votre espace client, par le ' +
            'partage de votre écran dans le navigateur ou par prise en main de votre ordinateur, toujours avec votre ' +
            'accord. Nous ne nous déplaçons pas et ne réparons pas le matériel (pièces, écran cassé…).',
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
            'votre foyer. Vous déclarez le premier lors de l’inscription ; ensuite, dans la rubrique « Mes appareils » ' +
            'de votre espace client, vous choisissez les appareils couverts dans la limite de votre formule, et vous ' +
            'pouvez en retirer un pour en déclarer un autre.',
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
          ' (1, 3, 6 ou 12 mois selon la formule), à compter de la confirmation de votre paiement. Un renouvellement ' +
            'commandé avant la fin de l’abonnement en cours commence le lendemain de celle-ci.',
        ),
        p(
          'Il ',
          b('n’est pas renouvelé automatiquement'),
          ' : il prend fin de lui-même à son terme, sans démarche de votre part et sans nouveau prélèvement. Pour ' +
            'continuer, il suffit de commander une nouvelle période depuis votre espace client.',
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
            [
              'Vous remplissez le formulaire d’inscription (identité, coordonnées, appareil à assister), vous cochez la ' +
                'case d’acceptation des CGV et, si vous le souhaitez, la case demandant que l’assistance commence ' +
                'avant la fin du délai de rétractation.',
            ],
            [
              'Notre équipe vérifie votre demande, crée votre compte et vous envoie par e-mail vos identifiants ' +
                'personnels.',
            ],
            ['Vous réglez votre commande (voir « Paiement »).'],
            [
              'Dès le paiement confirmé, le contrat est conclu : vous recevez par e-mail sa confirmation (formule, ' +
                'prix, durée, ces CGV en PDF, le formulaire de rétractation).',
            ],
          ],
        },
        p(
          'Un client déjà inscrit renouvelle ou change de formule depuis son espace client, avec les mêmes cases à ' +
            'cocher. Une preuve d’achat ou de propriété d’un appareil peut vous être demandée : l’assistance sur cet ' +
            'appareil attend alors que le document soit envoyé et vérifié. Nous pouvons refuser une demande ' +
            'incomplète ou manifestement frauduleuse ; aucun paiement n’est alors exigé.',
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
          ', en euros. ',
          ...(site.onlinePayment
            ? [
                'Depuis votre espace client, le bouton ',
                b('« Payer en ligne »'),
                ' vous permet de régler par ',
                b('carte bancaire'),
                ' sur la page de paiement sécurisée de notre prestataire Stripe. Si vous préférez, notre équipe vous ' +
                  'indique par e-mail d’autres moyens de régler (virement, chèque).',
              ]
            : [
                'Notre équipe vous indique par e-mail comment régler : carte bancaire, virement ou chèque. Aucun ' +
                  'paiement n’est demandé sur le site.',
              ]),
        ),
        p(
          b('Aucune TVA n’est facturée'),
          ' : le prestataire est une société établie aux États-Unis. Le prix affiché est le prix final que vous payez.',
        ),
        p(
          'Une facture est émise pour chaque commande payée, le jour du paiement ; elle est disponible dans votre ' +
            'espace client. Son authenticité peut être contrôlée sur la page ',
          link('Vérifier une facture', '/verify-invoice'),
          ', grâce à la clé imprimée sur la facture. Un remboursement donne lieu à un avoir.',
        ),
      ],
    },
    {
      id: 'identifiants',
      title: 'Identifiants personnels',
      blocks: [
        p(
          'Dès la validation de votre inscription, vous recevez par e-mail un nom d’utilisateur et un mot de passe ' +
            'pour accéder à votre espace client, où vous réglez votre commande puis demandez une assistance.',
        ),
        p(
          'Ces identifiants sont ',
          b('personnels et confidentiels'),
          '. Ne les communiquez à personne : nos techniciens ne vous demanderont jamais le mot de passe de votre ' +
            'espace client. En cas de perte, utilisez « Mot de passe oublié » ou écrivez-nous à ',
          mail,
          '.',
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
          'Les délais de réponse sont mesurés pendant les horaires d’assistance, entre votre demande et la prise de ' +
            'contact d’un technicien. Dans les formules qui la prévoient, l’urgence express est prise en charge en ' +
            'moins de 30 minutes. Nous mettons tout en œuvre pour résoudre votre problème, sans pouvoir garantir le ' +
            'résultat lorsque la panne est matérielle.',
        ),
      ],
    },
    {
      id: 'outils',
      title: 'Outils de prise en main à distance',
      blocks: [
        p(
          'Pour intervenir sur votre écran, vous partagez votre écran depuis votre navigateur, ou ',
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
    { id: 'retractation', title: 'Droit de rétractation', blocks: withdrawalClause(site) },
    {
      id: 'cession',
      title: 'Cession de l’abonnement',
      blocks: [
        p(
          'L’abonnement est attaché à votre personne. Il ne peut être cédé, revendu ou transféré à un tiers ',
          b('sans notre accord écrit préalable'),
          '.',
        ),
      ],
    },
    {
      id: 'responsabilite',
      title: 'Responsabilité et garanties',
      blocks: [
        p(
          'Nous intervenons avec soin et selon les règles de l’art, et répondons de la bonne exécution des services ' +
            '(article L221-15 du code de la consommation). Notre responsabilité n’est pas engagée lorsque le dommage ' +
            'est dû à votre fait, au fait imprévisible et insurmontable d’un tiers, ou à un cas de force majeure.',
        ),
        p(
          'Aucune clause des présentes CGV ne limite ni n’exclut votre droit à réparation en cas de manquement de ' +
            'notre part à l’une de nos obligations.',
        ),
      ],
    },
    {
      id: 'suspension',
      title: 'Suspension et fin anticipée',
      blocks: [
        p(
          'En cas de manquement grave à ces CGV (fraude, propos injurieux envers un technicien, usage illicite), nous ' +
            'pouvons suspendre puis résilier l’abonnement, après vous avoir mis en demeure par e-mail d’y remédier. ' +
            'La partie de l’abonnement non utilisée vous est alors remboursée.',
        ),
      ],
    },
    {
      id: 'donnees',
      title: 'Données personnelles',
      blocks: [
        p(
          'Les données recueillies servent à traiter votre inscription, fournir l’assistance et établir les ' +
            'factures. Leur traitement, leurs durées de conservation et vos droits sont décrits dans notre ',
          link('politique de confidentialité', '/privacy-policy'),
          '.',
        ),
      ],
    },
    {
      id: 'reclamations',
      title: 'Réclamations et médiation',
      blocks: [
        p(
          'Une question ou un désaccord ? Écrivez-nous à ',
          mail,
          ` ou appelez le ${site.phone}, en indiquant votre nom et, si possible, le numéro de votre facture. Nous ` +
            'vous répondons sous 7 jours ouvrés.',
        ),
        p(
          'Si notre réponse ne vous satisfait pas, ou sans réponse de notre part, vous pouvez recourir gratuitement au ' +
            'médiateur de la consommation dont nous relevons (articles L612-1 et suivants du code de la ' +
            'consommation) : ',
          b(site.mediator.name),
          `, ${site.mediator.address}, `,
          link(site.mediator.url, site.mediator.url),
          '. Vous devez l’avoir saisi dans l’année qui suit votre réclamation écrite auprès de nous.',
        ),
      ],
    },
    {
      id: 'droit-applicable',
      title: 'Droit applicable et litiges',
      blocks: [
        p(
          'Les présentes CGV sont soumises au ',
          b('droit français'),
          '. Elles ne vous privent d’aucune des protections que vous assurent les règles impératives du pays où ' +
            'vous résidez.',
        ),
        p(
          'À défaut d’accord amiable ou de médiation, vous pouvez saisir, à votre choix, la juridiction du lieu où ' +
            'vous demeuriez lors de la commande ou de la survenance du dommage, ou toute autre juridiction ' +
            'compétente selon le code de procédure civile (article R631-3 du code de la consommation).',
        ),
      ],
    },
    {
      id: 'modifications',
      title: 'Modification des CGV',
      blocks: [
        p(
          'Nous pouvons modifier ces CGV. La version applicable est celle que vous avez acceptée le jour de votre ' +
            'commande : une modification ne s’applique pas à une commande déjà passée. Les versions précédentes ' +
            'restent consultables en bas de cette page.',
        ),
      ],
    },
  ];
}
