import { Link } from '#client/lib/router.ts';
import type { SiteInfo } from '#shared/site.ts';
import type { LegalSection } from './legal-document.tsx';

// docs/specification.md §2 and §9: how long each kind of data is kept.
const RETENTION = [
  { data: 'Données de compte (identité, coordonnées, identifiants)', period: 'Durée de la relation, puis 3 ans' },
  { data: 'Données de facturation (commandes, factures, paiements)', period: '10 ans (obligation comptable)' },
  { data: 'Historique des interventions', period: '5 ans' },
  { data: 'Demandes de support et messages de contact', period: '2 ans' },
];

function RetentionTable() {
  return (
    <div
      role="region"
      aria-label="Durées de conservation"
      tabIndex={0}
      className="mt-4 overflow-x-auto rounded-lg border border-slate-200 bg-white"
    >
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">Durée de conservation par type de données</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className="px-3 py-2.5 text-left font-semibold text-slate-900">
              Données
            </th>
            <th scope="col" className="px-3 py-2.5 text-left font-semibold text-slate-900">
              Durée de conservation
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {RETENTION.map((r) => (
            <tr key={r.data}>
              <th scope="row" className="px-3 py-2.5 text-left font-normal text-slate-800">
                {r.data}
              </th>
              <td className="px-3 py-2.5 font-medium text-slate-900">{r.period}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

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
              <strong>Inscription :</strong> prénom, nom, adresse e-mail, téléphone, abonnement choisi, type et
              description de votre appareil.
            </li>
            <li>
              <strong>Compte :</strong> nom d’utilisateur et mot de passe (enregistré sous forme chiffrée, illisible
              même pour nous).
            </li>
            <li>
              <strong>Commandes :</strong> abonnement, prix, moyen et état du paiement, date, facture.
            </li>
            <li>
              <strong>Assistance :</strong> vos demandes, la description des problèmes, les notes et la durée des
              interventions.
            </li>
            <li>
              <strong>Contact :</strong> nom, e-mail et contenu des messages envoyés par le formulaire de contact.
            </li>
            <li>
              <strong>Sécurité :</strong> adresse IP et journaux techniques du serveur, conservés peu de temps pour
              prévenir les abus.
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
          <li>Fournir l’assistance et suivre vos interventions (exécution du contrat).</li>
          <li>Établir les factures et tenir la comptabilité (obligation légale).</li>
          <li>Répondre à vos messages (intérêt légitime ou mesures précontractuelles).</li>
          <li>Protéger le site contre la fraude et les abus (intérêt légitime).</li>
        </ul>
      ),
    },
    {
      id: 'partage',
      title: 'Partage des données',
      body: (
        <>
          <p>
            <strong>Nous ne vendons ni ne louons vos données.</strong> Elles ne sont accessibles qu’à notre équipe, dans
            la limite de ce dont chacun a besoin.
          </p>
          <p>
            Certains prestataires techniques les traitent pour notre compte (hébergement du site, envoi des e-mails),
            sous contrat et avec des garanties de confidentialité. Nous les communiquons aux autorités uniquement
            lorsque la loi l’exige.
          </p>
          <p>
            Notre société étant établie aux États-Unis, vos données peuvent y être transférées. Ces transferts sont
            encadrés par les clauses contractuelles types de la Commission européenne.
          </p>
        </>
      ),
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
          <p>Nous gardons vos données le temps nécessaire, puis nous les supprimons ou les rendons anonymes :</p>
          <RetentionTable />
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
