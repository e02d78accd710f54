import { useSite } from '#client/lib/site.tsx';

/** Who the company is, from settings: the same list in the CGV (every version) and the legal notices. */
export function CompanyIdentity() {
  const site = useSite();
  return (
    <ul>
      <li>
        <strong>Société :</strong> {site.legalName} (nom commercial : {site.siteName})
      </li>
      <li>
        <strong>Immatriculation :</strong> {site.companyId}
      </li>
      <li>
        <strong>Adresse :</strong> {site.address}
      </li>
      <li>
        <strong>E-mail :</strong> <a href={`mailto:${site.email}`}>{site.email}</a>
      </li>
      <li>
        <strong>Téléphone :</strong> {site.phone}
      </li>
    </ul>
  );
}
