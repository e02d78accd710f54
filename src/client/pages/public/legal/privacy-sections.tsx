import { Link } from '#client/lib/router.ts';
import type { SiteInfo } from '#shared/site.ts';
import type { LegalSection } from './legal-document.tsx';
import { Processors, Transfers } from './privacy-processors.tsx';
import { RetentionList } from './privacy-retention.tsx';

/** The privacy policy (docs/specification.md §2 /privacy-policy): GDPR information in plain French. */
export function privacySections(site: SiteInfo): LegalSection[] {
  const mail = <a href={`mailto:${site.email}`}>{site.email}</a>;
  return [
    {
      id: 'responsable',
      title: 'Responsable du traitement',
      body: (
        <p>
          Vos données sont traitées par {site.legalName} ({site.companyId}), {site.address}. Pour toute question :{' '}
          {mail} ou {site.phone}.
        </p>
      ),
    },
    {
      id: 'collecte',
      title: 'Données que nous collectons',
      body: (
        <>
          <p>Nous ne collectons que ce qui est utile pour vous aider :</p>
          <ul>
            <li>
              <strong>Inscription et compte :</strong> prénom, nom, adresse e-mail, téléphone, abonnement choisi, nom
              d’utilisateur et mot de passe (enregistré sous forme chiffrée, illisible même pour nous).
            </li>
            <li>
              <strong>Appareils :</strong> type et description de chaque appareil couvert, et le justificatif que vous
              envoyez pour prouver qu’il est à vous (photo, capture ou facture d’achat).
            </li>
            <li>
              <strong>Demandes d’assistance :</strong> la description du problème, vos messages et ceux du technicien,
              les pièces jointes (images, PDF), l’identifiant de prise en main à distance que vous nous donnez (AnyDesk,
              TeamViewer… jamais de mot de passe), la durée de l’intervention et votre note.
            </li>
            <li>
              <strong>Partages d’écran :</strong> le début, la fin, la durée et le nom du technicien.
            </li>
            <li>
              <strong>Commandes :</strong> abonnement, prix, moyen et état du paiement, date, facture, votre acceptation
              des conditions générales et, le cas échéant, votre demande de commencer le service avant la fin du délai
              de rétractation.
            </li>
            <li>
              <strong>Contact :</strong> nom, e-mail et contenu des messages envoyés par le formulaire de contact.
            </li>
            <li>
              <strong>Connexion et sécurité :</strong> la session qui vous garde connecté, les tentatives de connexion
              (sous forme d’empreinte de l’identifiant et de l’adresse IP), et les e-mails que nous vous envoyons.
            </li>
          </ul>
          <p>
            Pendant une prise en main à distance, le technicien voit votre écran avec votre accord. Il ne copie pas vos
            fichiers personnels et ne consulte que ce qui est nécessaire pour résoudre le problème.
          </p>
          <p>
            Quand vous partagez votre écran depuis votre navigateur (« Partager mon écran »), l’image et, si vous
            l’activez, la voix vont directement de votre ordinateur à celui du technicien :{' '}
            <strong>rien n’en est enregistré</strong>, ni par nous ni par le serveur. Nous gardons seulement le début,
            la fin, la durée et le nom du technicien, avec votre demande.
          </p>
        </>
      ),
    },
    {
      id: 'utilisation',
      title: 'Utilisation de vos données',
      body: (
        <ul>
          <li>Traiter votre inscription, vérifier votre appareil et créer votre compte (exécution du contrat).</li>
          <li>Vérifier que chaque appareil couvert est bien le vôtre (exécution du contrat).</li>
          <li>Fournir l’assistance et suivre vos interventions (exécution du contrat).</li>
          <li>Établir les factures et tenir la comptabilité (obligation légale).</li>
          <li>Répondre à vos messages (intérêt légitime ou mesures précontractuelles).</li>
          <li>Vous garder connecté et protéger les comptes contre la fraude et les abus (intérêt légitime).</li>
        </ul>
      ),
    },
    {
      id: 'partage',
      title: 'Destinataires et sous-traitants',
      body: <Processors site={site} />,
    },
    {
      id: 'transferts',
      title: 'Transferts hors de l’Union européenne',
      body: <Transfers site={site} />,
    },
    {
      id: 'securite',
      title: 'Sécurité',
      body: (
        <ul>
          <li>Échanges chiffrés entre votre navigateur et notre site.</li>
          <li>Mots de passe enregistrés sous forme chiffrée et jamais envoyés en clair après leur création.</li>
          <li>Accès au back-office réservé à notre équipe, avec identifiants personnels.</li>
          <li>Prise en main à distance uniquement pendant une session que vous avez acceptée.</li>
        </ul>
      ),
    },
    {
      id: 'conservation',
      title: 'Durée de conservation',
      body: (
        <>
          <p>
            Nous gardons chaque donnée le temps nécessaire, puis nous la supprimons ou la rendons anonyme. La
            suppression est automatique, chaque nuit, sauf pour le compte et les factures, que notre équipe vérifie
            avant de les effacer.
          </p>
          <RetentionList />
        </>
      ),
    },
    {
      id: 'droits',
      title: 'Vos droits',
      body: (
        <>
          <p>Conformément au Règlement général sur la protection des données (RGPD), vous pouvez :</p>
          <ul>
            <li>
              <strong>accéder</strong> à vos données et en obtenir une copie ;
            </li>
            <li>
              les faire <strong>rectifier</strong> si elles sont inexactes ;
            </li>
            <li>
              demander leur <strong>effacement</strong>, sauf si la loi nous oblige à les garder (factures) ;
            </li>
            <li>
              recevoir vos données dans un format lisible pour les transmettre ailleurs (<strong>portabilité</strong>) ;
            </li>
            <li>
              vous <strong>opposer</strong> à un traitement fondé sur notre intérêt légitime, ou en demander la{' '}
              <strong>limitation</strong>.
            </li>
          </ul>
          <p>
            Écrivez-nous à {mail} en précisant votre demande. Nous vous répondons dans un délai d’un mois. Nous pouvons
            vous demander de confirmer votre identité.
          </p>
          <p>
            Si vous estimez que vos droits ne sont pas respectés, vous pouvez adresser une réclamation à la CNIL :{' '}
            <a href="https://www.cnil.fr/fr/plaintes" rel="noopener noreferrer">
              www.cnil.fr
            </a>
            , 3 place de Fontenoy, TSA 80715, 75334 Paris Cedex 07.
          </p>
        </>
      ),
    },
    {
      id: 'cookies',
      title: 'Cookies',
      body: (
        <>
          <p>
            Le site n’utilise qu’<strong>un seul cookie, de session</strong>, nécessaire pour vous garder connecté à
            votre espace client. Il est supprimé à la déconnexion ou à son expiration. Indispensable au service, il ne
            demande pas votre consentement.
          </p>
          <p>
            <strong>Aucun cookie de suivi, de publicité ou de mesure d’audience</strong> n’est utilisé, et aucune donnée
            n’est partagée avec des réseaux sociaux ou des régies publicitaires.
          </p>
        </>
      ),
    },
    {
      id: 'contact',
      title: 'Nous contacter',
      body: (
        <>
          <p>
            Pour toute question sur vos données : {mail}, par téléphone au {site.phone}, ou par courrier à{' '}
            {site.legalName}, {site.address}.
          </p>
          <p>
            Les conditions de nos abonnements sont décrites dans nos{' '}
            <Link to="/cgv">conditions générales de vente</Link>.
          </p>
        </>
      ),
    },
  ];
}
