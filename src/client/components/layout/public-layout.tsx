import type { MouseEvent, ReactNode } from 'react';
import { Link } from '#client/lib/router.ts';
import { beginSignOut } from '#client/lib/sign-out.ts';
import { telHref, useSite } from '#client/lib/site.tsx';
import { useViewer } from '#client/lib/viewer.tsx';

/** Where the landing page lists the plans (docs/specification.md §2: the plan-required dialog links /#pricing). */
export const PRICING_HREF = '/#pricing';

export function SiteLogo() {
  const { siteName } = useSite();
  return (
    <Link to="/" className="flex min-w-0 items-center gap-2 text-lg font-bold text-brand-700">
      <img src="/favicon.svg" alt="" width={28} height={28} />
      {/* On a narrow phone the two account links need the room: the name stays for screen readers. */}
      <span className="sr-only truncate min-[400px]:not-sr-only">{siteName}</span>
    </Link>
  );
}

// Stacked links a finger can tell apart on a phone (44 px each); compact lines on a desktop, used with a mouse.
const footerLink = 'inline-flex min-h-11 items-center hover:text-white hover:underline sm:min-h-0';

export function SiteFooter() {
  const site = useSite();
  return (
    <footer className="border-t border-slate-200 bg-slate-900 text-slate-200">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="text-lg font-semibold text-white">{site.siteName}</p>
          <p className="mt-2 text-sm text-slate-300">Assistance informatique à distance pour Windows et Mac.</p>
        </div>
        <nav aria-label="Liens utiles" className="flex flex-col items-start gap-0 text-sm sm:gap-2">
          <a className={footerLink} href="/aide">
            Centre d’aide
          </a>
          <Link className={footerLink} to="/verify-invoice">
            Vérifier une facture
          </Link>
          {/* « Mentions légales » leads to the CGV, as the specification's footer has it; the publisher, director of
              publication and host have their own page beside it. */}
          <Link className={footerLink} to="/cgv">
            Mentions légales
          </Link>
          <Link className={footerLink} to="/mentions-legales">
            Éditeur et hébergeur
          </Link>
          <Link className={footerLink} to="/privacy-policy">
            Politique de confidentialité
          </Link>
        </nav>
        <div className="text-sm text-slate-300">
          <p>{site.legalName}</p>
          <p>{site.address}</p>
          <p>
            <a className={footerLink} href={`mailto:${site.email}`}>
              {site.email}
            </a>
          </p>
          <p>
            <a className={footerLink} href={telHref(site.phone)}>
              {site.phone}
            </a>
          </p>
        </div>
      </div>
      <p className="border-t border-slate-800 py-4 text-center text-xs text-slate-400">
        © {site.legalName}. Tous droits réservés.
      </p>
    </footer>
  );
}

/** Lets keyboard and screen-reader users jump over the header (WCAG 2.4.1). */
export function SkipLink() {
  // Chrome scrolls to a fragment without moving keyboard focus there: focus it ourselves.
  function skip(event: MouseEvent<HTMLAnchorElement>) {
    const main = document.getElementById('contenu');
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView();
  }
  return (
    <a
      href="#contenu"
      onClick={skip}
      className="sr-only z-50 rounded-md bg-white px-4 py-2 font-medium text-brand-700 shadow focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
    >
      Aller au contenu
    </a>
  );
}

export type AccountLink = {
  href: string;
  label: string;
  /** the call to action of the pair */
  primary?: boolean;
  /** a server route (/api/logout), not a page of the app */
  server?: boolean;
};

/**
 * Where the visitor's own space is (docs/specification.md §2), in reading order: 'Tableau de bord' and 'Déconnexion'
 * for a signed-in client (known from the rendered page, so nothing flashes), 'Staff' and 'Connexion Client' for anyone
 * else.
 */
export function useAccountLinks(): AccountLink[] {
  const { signedIn } = useViewer();
  return signedIn
    ? [
        { href: '/dashboard', label: 'Tableau de bord', primary: true },
        { href: '/api/logout', label: 'Déconnexion', server: true },
      ]
    : [
        { href: '/admin', label: 'Staff' },
        { href: '/client/login', label: 'Connexion Client', primary: true },
      ];
}

export function AccountLinkTo({
  link,
  className,
  onClick,
}: {
  link: AccountLink;
  className: string;
  onClick?(): void;
}) {
  return link.server ? (
    <a
      href={link.href}
      className={className}
      onClick={() => {
        beginSignOut();
        onClick?.();
      }}
    >
      {link.label}
    </a>
  ) : (
    <Link to={link.href} className={className} onClick={onClick}>
      {link.label}
    </Link>
  );
}

const linkLook = 'min-h-11 items-center rounded-lg px-2 text-slate-700 hover:bg-slate-100 hover:text-slate-900';
const headerLink = `inline-flex ${linkLook}`;
const headerPrimary =
  'inline-flex min-h-11 items-center rounded-lg px-2 font-semibold text-brand-700 hover:bg-brand-50 hover:underline';

/** Header and footer around the public pages other than the landing page. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { signedIn } = useViewer();
  const links = useAccountLinks();
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4">
          <SiteLogo />
          <nav
            aria-label="Navigation principale"
            className="flex shrink-0 items-center gap-1 text-sm font-medium sm:gap-3"
          >
            {/* Signed in, / is the dashboard: there is no pricing section to go to. */}
            {!signedIn && (
              <a href={PRICING_HREF} className={`${linkLook} hidden sm:inline-flex`}>
                Tarifs
              </a>
            )}
            {links.map((link) => (
              <AccountLinkTo key={link.href} link={link} className={link.primary ? headerPrimary : headerLink} />
            ))}
          </nav>
        </div>
      </header>
      <main id="contenu" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
