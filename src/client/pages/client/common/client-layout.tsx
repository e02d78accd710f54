import type { ReactNode } from 'react';
import { SiteFooter, SiteLogo, SkipLink } from '#client/components/layout/public-layout.tsx';
import { ClientNav } from './client-nav.tsx';
import { SignOutControl } from './sign-out-control.tsx';

/**
 * Around every page of the client area: the site's name and the one « Déconnexion » in a slim header, the area's
 * navigation (a bar at the bottom of a phone's screen, a row under the header wider up), then the page.
 */
export function ClientLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col pb-16 sm:pb-0">
      <SkipLink />
      <header className="border-b border-slate-200 bg-white sm:border-b-0">
        <div className="mx-auto flex h-14 max-w-5xl items-center justify-between gap-3 px-4">
          <SiteLogo />
          <SignOutControl />
        </div>
      </header>
      <ClientNav />
      <main id="contenu" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
