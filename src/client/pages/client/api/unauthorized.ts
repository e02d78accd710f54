import { notify } from '#client/lib/notify.tsx';
import { isSigningOut } from '#client/lib/sign-out.ts';
import { signInReturningTo } from '#shared/clients/client-pages.ts';

/** docs/specification.md §9: the toast is read before the browser leaves for the sign-in page. */
const LOGIN_REDIRECT_DELAY_MS = 500;

const PAGE_UNAUTHORIZED = 'Vous devez être connecté pour accéder à cette page.';
export const ACTION_UNAUTHORIZED = 'Vous êtes déconnecté. Reconnexion en cours...';

let leaving = false;

/**
 * The one answer to a missing or expired client session (docs/specification.md §8): the 'Non autorisé' toast (or the
 * title an action gives its own, 'Erreur' for a subscription), then the browser goes to /api/login, which the server
 * sends on to /client/login, naming the page to come back to. Several calls failing together show one toast.
 */
export function sendToLogin(description: string = PAGE_UNAUTHORIZED, title = 'Non autorisé'): void {
  if (leaving || isSigningOut()) return;
  leaving = true;
  // Signing in leads back to this page (a mail's link to a request, an invoice) rather than to the first page.
  const { pathname, search } = window.location;
  const signIn = signInReturningTo('/api/login', pathname + search);
  const leave = () => setTimeout(() => window.location.assign(signIn), LOGIN_REDIRECT_DELAY_MS);
  // The delay counts from when the toast shows (its code loads on demand, slowly on a poor connection); if it
  // cannot load at all, the visitor still gets to the sign-in page.
  const shown = notify('error', title, description);
  void Promise.race([shown, new Promise((resolve) => setTimeout(resolve, TOAST_WAIT_MS))]).then(leave, leave);
}

const TOAST_WAIT_MS = 3000;
