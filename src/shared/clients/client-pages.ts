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
