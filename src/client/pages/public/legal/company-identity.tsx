import { useSite } from '#client/lib/site.tsx';
import { companyIdentity } from '#shared/orders/legal-text.ts';
import { LegalBlocks } from './legal-blocks.tsx';

/** Who the company is, from settings: the same list in the CGV (every version) and the legal notices. */
export function CompanyIdentity() {
  const site = useSite();
  return <LegalBlocks blocks={[companyIdentity(site)]} site={site} />;
}
