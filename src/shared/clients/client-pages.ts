/**
 * The client area's pages, each at its own address (docs/decisions/039): the browser's navigation and the e-mails
 * that point at one of them read these, never a path written twice. The specification's two dashboards stay: /dashboard
 * (and a signed-in client's /) shows « Accueil », /client/dashboard shows « Mes demandes ».
 */
export const CLIENT_PAGES = {
  home: '/client/accueil',
  requests: '/client/demandes',
  devices: '/client/appareils',
  invoices: '/client/factures',
  account: '/client/compte',
} as const;

/** The request a link opens on « Mes demandes » (?demande=<id>): the page scrolls to it. */
export const REQUEST_PARAM = 'demande';

export function requestPage(id: number): string {
  return `${CLIENT_PAGES.requests}?${REQUEST_PARAM}=${id}`;
}

/** Where the sign-in page sends a client once signed in (?retour=<path>): the page they were on when asked to sign in. */
export const RETURN_PARAM = 'retour';

/**
 * Where /api/logout leads once it has ended a session: the landing page, which then says « Déconnexion réussie » as the
 * client area's own « Déconnexion » does. A fragment, so the landing page stays one page for the server and its cache.
 */
export const SIGNED_OUT_HASH = '#deconnexion';

/** Where signing in leads when no page of the client area is asked for. */
export const SIGNED_IN_HOME = '/client/dashboard';

const AREA_PAGES: readonly string[] = [...Object.values(CLIENT_PAGES), SIGNED_IN_HOME, '/dashboard'];
const BASE = 'http://client.invalid';

/**
 * A page of the client area to come back to after signing in, with its query (a mail's ?demande=12), or null: only
 * our own client pages are ever followed, never another site (« //ailleurs.fr », « /\ailleurs.fr ») or another path.
 */
export function clientReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > 500) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || !value.startsWith('/') || !AREA_PAGES.includes(url.pathname)) return null;
  return url.pathname + url.search;
}

/** The sign-in page's address that comes back to `path` (a page of the client area) once signed in. */
export function signInReturningTo(signInPage: string, path: string): string {
  const back = clientReturnPath(path);
  return back && back !== SIGNED_IN_HOME ? `${signInPage}?${RETURN_PARAM}=${encodeURIComponent(back)}` : signInPage;
}
