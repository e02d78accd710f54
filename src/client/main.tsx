// First: the CSP nonce must be in place before any library adds a <style> element.
import './lib/csp-nonce.ts';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRouter } from './app-router.tsx';
import { App } from './app.tsx';
import { SiteProvider, readSiteFromPage } from './lib/site.tsx';
import { readPageData } from './lib/page-data.ts';
import { ViewerProvider } from './lib/viewer.tsx';
import { matchRoute } from './routes.tsx';
import './styles.css';

const container = document.getElementById('root')!;
const pageData = readPageData();
const tree = (
  <StrictMode>
    <SiteProvider site={readSiteFromPage()}>
      <ViewerProvider initial={pageData}>
        <AppRouter>
          <App />
        </AppRouter>
      </ViewerProvider>
    </SiteProvider>
  </StrictMode>
);

async function start() {
  if (container.firstElementChild) {
    // The server rendered this page: load its chunk first so hydration finds the same tree.
    const route = matchRoute(location.pathname);
    await (pageData.signedIn && route?.loadSignedIn ? route.loadSignedIn() : route?.load?.());
    hydrateRoot(container, tree);
  } else {
    createRoot(container).render(tree);
  }
}
void start();
