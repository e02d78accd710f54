import { lazy, type ComponentType } from 'react';
import { LandingPage } from './pages/public/landing/landing-page.tsx';
import { useViewer } from './lib/viewer.tsx';
import { CLIENT_PAGES } from '#shared/clients/client-pages.ts';

type PageModule = Promise<{ default: ComponentType }>;
export type PageRoute = {
  path: string;
  title: string;
  /**
   * the site's name follows the title as part of one phrase (« Inscription à RFS Assistance »,
   * docs/specification.md §2)
   */
  titleEndsWithSite?: boolean;
  description?: string;
  /** public pages are rendered on the server for crawlers and a fast first paint */
  indexable?: boolean;
  Component: ComponentType;
  load?: () => PageModule;
  /** the chunk this path shows a signed-in client, when it differs (/ is then the dashboard) */
  loadSignedIn?: () => PageModule;
};

/**
 * A lazy page that stops suspending once its chunk is in: main.tsx loads the current page's chunk before
 * hydrating, so hydration renders it at once instead of showing the spinner over the server's HTML.
 */
function page(load: () => PageModule) {
  let loaded: ComponentType | undefined;
  const preload = () =>
    load().then((m) => {
      loaded = m.default;
      return m;
    });
  const Lazy = lazy(preload);
  function Page() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return { Component: Page, load: preload };
}

const dashboard = page(() => import('./pages/client/dashboard-page.tsx').then((m) => ({ default: m.DashboardPage })));
const clientDashboard = page(() =>
  import('./pages/client/client-dashboard-page.tsx').then((m) => ({ default: m.ClientDashboardPage })),
);

/**
 * docs/specification.md §2: a signed-in client's / is the dashboard; anyone else's the landing page, whose chunk holds
 * no client code.
 */
function HomePage() {
  const { signedIn } = useViewer();
  return signedIn ? <dashboard.Component /> : <LandingPage />;
}

const DASHBOARD_TITLE = 'Tableau de bord';
const DESCRIPTION =
  'Assistance informatique à distance pour particuliers, sur Windows et Mac : abonnements sans engagement de 1 mois à 1 an, dès 10 €.';

// Each page but the landing is its own chunk: the landing never downloads the back-office or the client area.
export const ROUTES: PageRoute[] = [
  {
    path: '/',
    title: 'Assistance informatique à distance Windows et Mac',
    description: DESCRIPTION,
    indexable: true,
    Component: HomePage,
    loadSignedIn: dashboard.load,
  },
  {
    path: '/cgv',
    title: 'Conditions générales de vente',
    description: 'Conditions générales de vente de nos abonnements d’assistance informatique à distance.',
    indexable: true,
    ...page(() => import('./pages/public/legal/cgv-page.tsx').then((m) => ({ default: m.CgvPage }))),
  },
  {
    path: '/mentions-legales',
    title: 'Mentions légales',
    description: 'Éditeur, directeur de la publication, hébergeur et médiateur de la consommation.',
    indexable: true,
    ...page(() => import('./pages/public/legal/legal-notices-page.tsx').then((m) => ({ default: m.LegalNoticesPage }))),
  },
  {
    path: '/privacy-policy',
    title: 'Politique de confidentialité',
    description: 'Comment nous collectons, utilisons et protégeons vos données personnelles.',
    indexable: true,
    ...page(() => import('./pages/public/legal/privacy-page.tsx').then((m) => ({ default: m.PrivacyPage }))),
  },
  {
    path: '/register',
    title: 'Inscription à',
    titleEndsWithSite: true,
    description: 'Inscrivez-vous à un abonnement d’assistance informatique à distance.',
    indexable: true,
    ...page(() => import('./pages/public/register/register-page.tsx').then((m) => ({ default: m.RegisterPage }))),
  },
  {
    path: '/register-success',
    title: 'Demande enregistrée',
    ...page(() =>
      import('./pages/public/register/register-success-page.tsx').then((m) => ({ default: m.RegisterSuccessPage })),
    ),
  },
  {
    path: '/signup',
    title: 'Créer un compte',
    ...page(() => import('./pages/public/signup/signup-page.tsx').then((m) => ({ default: m.SignupPage }))),
  },
  {
    path: '/login',
    title: 'Connexion',
    ...page(() => import('./pages/public/signup/login-page.tsx').then((m) => ({ default: m.LoginPage }))),
  },
  {
    path: '/verify-invoice',
    title: 'Vérifier une facture',
    description: 'Vérifiez l’authenticité d’une facture avec sa clé de vérification.',
    indexable: true,
    ...page(() =>
      import('./pages/public/verify-invoice/verify-invoice-page.tsx').then((m) => ({ default: m.VerifyInvoicePage })),
    ),
  },
  {
    path: '/admin',
    title: 'Espace staff',
    ...page(() => import('./pages/admin/admin-page.tsx').then((m) => ({ default: m.AdminPage }))),
  },
  {
    path: '/admin/set-password',
    title: 'Choisir mon mot de passe',
    ...page(() => import('./pages/admin/set-password-page.tsx').then((m) => ({ default: m.StaffSetPasswordPage }))),
  },
  {
    path: '/client/login',
    title: 'Connexion client',
    ...page(() => import('./pages/client/client-login-page.tsx').then((m) => ({ default: m.ClientLoginPage }))),
  },
  { path: '/client/dashboard', title: 'Espace client', ...clientDashboard },
  { path: '/dashboard', title: DASHBOARD_TITLE, ...dashboard },
  // The client area's pages (docs/decisions/039); /dashboard and /client/dashboard show the first two.
  { path: CLIENT_PAGES.home, title: 'Accueil', ...dashboard },
  { path: CLIENT_PAGES.requests, title: 'Mes demandes', ...clientDashboard },
  {
    path: CLIENT_PAGES.devices,
    title: 'Mes appareils',
    ...page(() => import('./pages/client/devices-page.tsx').then((m) => ({ default: m.DevicesPage }))),
  },
  {
    path: CLIENT_PAGES.invoices,
    title: 'Mes factures',
    ...page(() => import('./pages/client/invoices-page.tsx').then((m) => ({ default: m.InvoicesPage }))),
  },
  {
    path: CLIENT_PAGES.account,
    title: 'Mon compte',
    ...page(() => import('./pages/client/account-page.tsx').then((m) => ({ default: m.AccountPage }))),
  },
  {
    path: '/forgot-password',
    title: 'Mot de passe oublié',
    ...page(() => import('./pages/client/forgot-password-page.tsx').then((m) => ({ default: m.ForgotPasswordPage }))),
  },
  {
    path: '/reset-password',
    title: 'Nouveau mot de passe',
    ...page(() => import('./pages/client/reset-password-page.tsx').then((m) => ({ default: m.ResetPasswordPage }))),
  },
];

const NOT_FOUND_TITLE = 'Page Not Found';

/** The path without its trailing slashes (/cgv/ is /cgv), as the server and the browser both match it. */
export function withoutTrailingSlashes(pathname: string): string {
  // A loop: /\/+$/ backtracks over a long run of slashes (quadratic time).
  let end = pathname.length;
  while (end > 1 && pathname[end - 1] === '/') end--;
  return pathname.slice(0, end);
}

export function matchRoute(pathname: string): PageRoute | undefined {
  const clean = withoutTrailingSlashes(pathname);
  return ROUTES.find((r) => r.path === clean);
}

export function documentTitle(route: PageRoute | undefined, siteName: string, signedIn = false): string {
  if (!route) return `${NOT_FOUND_TITLE} | ${siteName}`;
  if (route.path === '/' && signedIn) return `${DASHBOARD_TITLE} | ${siteName}`;
  if (route.titleEndsWithSite) return `${route.title} ${siteName}`;
  return route.path === '/' ? `${siteName} – ${route.title}` : `${route.title} | ${siteName}`;
}
