import { Link } from '#client/lib/router.ts';
import { useSite } from '#client/lib/site.tsx';

const link = 'inline-flex min-h-11 items-center hover:text-white hover:underline sm:min-h-0';

/**
 * The client area's footer: the site's useful links in a few lines, not the public pages' three columns (a client's
 * home stays within two screens of a phone, docs/decisions/039).
 */
export function ClientFooter() {
  const site = useSite();
  return (
    <footer className="bg-slate-900 px-4 py-3 text-sm text-slate-300">
      <div className="mx-auto flex max-w-5xl flex-col gap-x-6 sm:flex-row sm:flex-wrap sm:items-center">
        <nav aria-label="Liens utiles" className="flex flex-wrap gap-x-3 text-xs sm:gap-x-4 sm:text-sm">
          <Link className={link} to="/verify-invoice">
            Vérifier une facture
          </Link>
          <Link className={link} to="/cgv">
            Mentions légales
          </Link>
          <Link className={link} to="/privacy-policy">
            Politique de confidentialité
          </Link>
        </nav>
        <p className="text-xs sm:ml-auto sm:text-sm">© {site.legalName}</p>
      </div>
    </footer>
  );
}
