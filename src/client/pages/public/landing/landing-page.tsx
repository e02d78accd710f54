import { lazy, memo, Suspense, useEffect } from 'react';
import { SiteFooter, SkipLink } from '#client/components/layout/public-layout.tsx';
import { PageSpinner } from '#client/components/ui/spinner.tsx';
import { useHydrated } from '#client/lib/use-hydrated.ts';
import { SIGNED_OUT_HASH } from '#shared/clients/client-pages.ts';
import { ChatWidget } from './chat-widget.tsx';
import { HeroSection } from './hero-section.tsx';
import { LandingHeader } from './landing-header.tsx';

// Only the header, the hero and the chat button are in the entry chunk (budget: under 90 kB gzip in all).
const LandingSections = lazy(() => import('./landing-sections.tsx').then((m) => ({ default: m.LandingSections })));

/**
 * Memoised, so that the page's own re-render once hydrated (data-hydrated) does not reach the sections' boundary while
 * their chunk is still loading: React would then drop the server's HTML and render them anew, losing what the visitor
 * already did there (an FAQ answer opened, a plan scrolled to).
 */
const Sections = memo(function Sections() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <LandingSections />
    </Suspense>
  );
});

export function LandingPage() {
  const hydrated = useHydrated();
  useEffect(() => {
    // Back from « Déconnexion » through /api/logout: its few lines load only then.
    if (location.hash === SIGNED_OUT_HASH) void import('./signed-out-notice.ts').then((m) => m.saySignedOut());
  }, []);
  return (
    // data-hydrated tells tests (and curious developers) that the script now enhances what already worked from the HTML.
    <div className="flex min-h-screen flex-col" data-hydrated={hydrated ? 'true' : undefined}>
      <SkipLink />
      <LandingHeader />
      <main id="contenu" tabIndex={-1} className="flex-1 focus:outline-none">
        <HeroSection />
        <Sections />
      </main>
      {/* On phones the floating chat button would cover the last line of the footer. */}
      <div className="bg-slate-900 pb-20 sm:pb-0">
        <SiteFooter />
      </div>
      <ChatWidget />
    </div>
  );
}
