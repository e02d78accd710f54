import { useCallback, type ReactNode } from 'react';
import { Router } from './lib/router';
import { useViewer } from './lib/viewer';
import { matchRoute, withoutTrailingSlashes } from './routes';

type RouterProps = Parameters<typeof Router>[0];
type AroundNav = NonNullable<RouterProps['aroundNav']>;

/**
 * A route's path matches as the server matches it (routes.ts): exactly, trailing slashes aside, so the browser never
 * shows another page than the one the server rendered. No path: any address (the « not found » page).
 */
const parser: NonNullable<RouterProps['parser']> = (route) => ({
  pattern: { exec: (path: string) => (route === '*' || withoutTrailingSlashes(path) === route ? [path] as RegExpExecArray : null) },
  keys: [],
});

/**
 * The router, in the browser and in the server's render (`ssrPath`). A navigation first loads the next page's chunk,
 * then changes the address: the current page stays in place meanwhile instead of a spinner flashing in its stead.
 */
export function AppRouter({ ssrPath, children }: { ssrPath?: string; children: ReactNode }) {
  const { signedIn } = useViewer();
  const aroundNav = useCallback<AroundNav>((navigate, to, options) => {
    const route = matchRoute(to.split(/[?#]/)[0]!);
    const load = signedIn && route?.loadSignedIn ? route.loadSignedIn : route?.load;
    if (!load) return navigate(to, options);
    // A chunk that cannot load is the page's error to show (its boundary), not a reason to stay.
    void load().then(() => navigate(to, options), () => navigate(to, options));
  }, [signedIn]);
  return <Router ssrPath={ssrPath} aroundNav={aroundNav} parser={parser}>{children}</Router>;
}
