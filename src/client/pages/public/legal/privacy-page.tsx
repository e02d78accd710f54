import { useSite } from '#client/lib/site.tsx';
import { LegalDocument } from './legal-document.tsx';
import { privacySections } from './privacy-sections.tsx';

export function PrivacyPage() {
  const site = useSite();
  return (
    <LegalDocument
      title="Politique de confidentialité"
      intro={
        <p>
          Chez {site.siteName}, vos données servent uniquement à vous aider et à vous facturer. Cette page explique
          quelles données nous gardons, pourquoi, combien de temps, et comment exercer vos droits.
        </p>
      }
      sections={privacySections(site)}
      updated={{ iso: '2026-11-27', label: '27 novembre 2026' }}
    />
  );
}
