import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app';
import { SiteProvider, readSiteFromPage } from './lib/site';
import { matchRoute } from './routes';
import './styles.css';

const container = document.getElementById('root')!;
const tree = (
  <StrictMode>
    <SiteProvider site={readSiteFromPage()}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </SiteProvider>
  </StrictMode>
);

async function start() {
  if (container.firstElementChild) {
    // The server rendered this page: load its chunk first so hydration finds the same tree.
    await matchRoute(location.pathname)?.load?.();
    hydrateRoot(container, tree);
  } else {
    createRoot(container).render(tree);
  }
}
void start();
