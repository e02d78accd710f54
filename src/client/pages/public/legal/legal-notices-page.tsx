import { Link } from '#client/lib/router.ts';
import { useSite } from '#client/lib/site.tsx';
import { CompanyIdentity } from './company-identity.tsx';
import { LegalDocument } from './legal-document.tsx';

/** The legal notices the LCEN (art. 6) asks of a site: publisher, director of publication, host; all from settings. */
export function LegalNoticesPage() {
  const site = useSite();
  return (
    <LegalDocument
      title="Mentions légales"
      updated={{ iso: '2026-11-27', label: '27 novembre 2026' }}
      intro={<p>Qui publie ce site, qui l’héberge, et à qui vous adresser.</p>}
      sections={[
        {
          id: 'editeur',
          title: 'Éditeur du site',
          body: <CompanyIdentity />,
        },
        {
          id: 'directeur-publication',
          title: 'Directeur de la publication',
          body: <p>{site.publicationDirector}</p>,
        },
        { id: 'hebergeur', title: 'Hébergeur', body: <p>{site.hostingProvider}</p> },
        {
          id: 'mediateur',
          title: 'Médiateur de la consommation',
          body: (
            <p>
              {site.mediator.name}, {site.mediator.address}, <a href={site.mediator.url}>{site.mediator.url}</a>. Avant
              de le saisir, adressez-nous une réclamation écrite (voir nos{' '}
              <Link to="/cgv#reclamations">conditions générales de vente</Link>).
            </p>
          ),
        },
        {
          id: 'donnees',
          title: 'Données personnelles',
          body: (
            <p>
              Voir notre <Link to="/privacy-policy">politique de confidentialité</Link>.
            </p>
          ),
        },
      ]}
    />
  );
}
