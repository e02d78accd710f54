import { useCallback, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { Router, usePathname } from './lib/router.ts';
import { useViewer } from './lib/viewer.tsx';
import { matchRoute, withoutTrailingSlashes } from './routes.tsx';

type RouterProps = Parameters<typeof Router>[0];
type AroundNav = NonNullable<RouterProps['aroundNav']>;

/**
 * A route's path matches as the server matches it (routes.ts): exactly, trailing slashes aside (and /aide/<slug>), so
 * the browser never shows another page than the one the server rendered. No path: any address (the « not found » page).
 */
const parser: NonNullable<RouterProps['parser']> = (route) => ({
  pattern: {
    exec: (path: string) => (route === '*' || matchRoute(path)?.path === route ? ([path] as RegExpExecArray) : null),
  },
  keys: [],
});

/**
 * The router, in the browser and in the server's render (`ssrPath`). A navigation first loads the next page's chunk,
 * then changes the address: the current page stays in place meanwhile instead of a spinner flashing in its stead.
 * The new page opens at its top.
 */
export function AppRouter({ ssrPath, children }: { ssrPath?: string; children: ReactNode }) {
  const { signedIn } = useViewer();
  const scrollToTop = useRef(false);
  const aroundNav = useCallback<AroundNav>(
    (navigate, to, options) => {
      const path = to.split(/[?#]/)[0]!;
      const go = () => {
        // Another page starts at its top, as after a browser's own navigation; a hash (/#pricing) scrolls to its target,
        // a change of search (a tab) stays where it is. Back and forward are the browser's: it restores the position.
        const samePage = withoutTrailingSlashes(path) === withoutTrailingSlashes(window.location.pathname);
        scrollToTop.current = !samePage && !to.includes('#');
        navigate(to, options);
      };
      const route = matchRoute(path);
      const load = signedIn && route?.loadSignedIn ? route.loadSignedIn : route?.load;
      if (!load) return go();
      // A chunk that cannot load is the page's error to show (its boundary), not a reason to stay.
      void load().then(go, go);
    },
    [signedIn],
  );
  return (
    <Router ssrPath={ssrPath} aroundNav={aroundNav} parser={parser}>
      <TopOfNewPage pendingRef={scrollToTop} />
      {children}
    </Router>
  );
}

/** Scrolls to the top once the new page is in the document, before it is painted (earlier, its layout would move it). */
function TopOfNewPage({ pendingRef }: { pendingRef: RefObject<boolean> }) {
  const pathname = usePathname();
  useLayoutEffect(() => {
    if (!pendingRef.current) return;
    pendingRef.current = false;
    // Instant: the page's smooth scrolling is for moves within one page.
    window.scrollTo({ top: 0, behavior: 'instant' });
  }, [pathname, pendingRef]);
  return null;
}
