import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSite } from '../../lib/site';

export function SiteLogo() {
  const { siteName } = useSite();
  return (
    <Link to="/" className="flex items-center gap-2 text-lg font-bold text-brand-700">
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <span>{siteName}</span>
    </Link>
  );
}

export function SiteFooter() {
  const site = useSite();
  return (
    <footer className="border-t border-slate-200 bg-slate-900 text-slate-200">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="text-lg font-semibold text-white">{site.siteName}</p>
          <p className="mt-2 text-sm text-slate-300">Assistance informatique à distance pour Windows et Mac.</p>
        </div>
        <nav aria-label="Liens utiles" className="flex flex-col gap-2 text-sm">
          <Link className="hover:text-white hover:underline" to="/verify-invoice">Vérifier une facture</Link>
          <Link className="hover:text-white hover:underline" to="/cgv">Mentions légales</Link>
          <Link className="hover:text-white hover:underline" to="/privacy-policy">Politique de confidentialité</Link>
        </nav>
        <div className="text-sm text-slate-300">
          <p>{site.legalName}</p>
          <p>{site.address}</p>
          <p><a className="hover:text-white hover:underline" href={`mailto:${site.email}`}>{site.email}</a></p>
        </div>
      </div>
      <p className="border-t border-slate-800 py-4 text-center text-xs text-slate-400">© {site.legalName}. Tous droits réservés.</p>
    </footer>
  );
}

/** Header and footer around the public pages other than the landing page. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
          <SiteLogo />
          <Link to="/client/login" className="text-sm font-medium text-brand-700 hover:underline">Connexion Client</Link>
        </div>
      </header>
      <main id="contenu" className="flex-1">{children}</main>
      <SiteFooter />
    </div>
  );
}
