import { Suspense, useEffect } from 'react';
import { Route, Switch, usePathname } from './lib/router.ts';
import { ROUTES, documentTitle, matchRoute } from './routes.tsx';
import { NotFoundPage } from './pages/public/not-found-page.tsx';
import { PageSpinner } from './components/ui/spinner.tsx';
import { useSite } from './lib/site.tsx';
import { useViewer } from './lib/viewer.tsx';
import { ErrorBoundary } from './components/layout/error-boundary.tsx';
import { Notifications } from './lib/notify.tsx';

function DocumentTitle() {
  const pathname = usePathname();
  const { siteName } = useSite();
  const { signedIn } = useViewer();
  useEffect(() => {
    document.title = documentTitle(matchRoute(pathname), siteName, signedIn);
  }, [pathname, siteName, signedIn]);
  return null;
}

/**
 * Marks the document once the page's script has taken over the server's HTML (the first effects run after hydration):
 * a tap before that does nothing, so browser tests wait for `html[data-script-ready]` before they click.
 */
function ScriptReady() {
  useEffect(() => {
    document.documentElement.dataset.scriptReady = 'true';
  }, []);
  return null;
}

export function App() {
  return (
    <>
      <DocumentTitle />
      <ErrorBoundary>
        <Suspense fallback={<PageSpinner />}>
          <Switch>
            {ROUTES.map(({ path, Component }) => (
              <Route key={path} path={path} component={Component} />
            ))}
            <Route component={NotFoundPage} />
          </Switch>
        </Suspense>
      </ErrorBoundary>
      <Notifications />
      <ScriptReady />
    </>
  );
}
