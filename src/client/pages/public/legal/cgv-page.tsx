import { useSite } from '#client/lib/site.tsx';
import { LegalDocument } from './legal-document.tsx';
import { cgvSections } from './cgv-sections.tsx';

export function CgvPage() {
  const site = useSite();
  return (
    <LegalDocument
      title="Conditions générales de vente"
      intro={
        <p>
          Ces conditions expliquent simplement ce que comprend votre abonnement {site.siteName}, comment le payer, sa
          durée et vos droits. Lisez-les avant de vous inscrire ; en cas de question, écrivez-nous à{' '}
          <a href={`mailto:${site.email}`}>{site.email}</a>.
        </p>
      }
      sections={cgvSections(site)}
    />
  );
}
