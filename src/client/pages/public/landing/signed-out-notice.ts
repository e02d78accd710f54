import { notify } from '#client/lib/notify.tsx';

/**
 * « Déconnexion réussie » once /api/logout has ended the session and led here (#deconnexion): said once, and the
 * address loses its mark, so a reload or a bookmark says nothing.
 */
export function saySignedOut(): void {
  history.replaceState(history.state, '', location.pathname + location.search);
  notify('success', 'Déconnexion réussie', 'À bientôt !');
}
