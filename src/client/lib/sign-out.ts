/**
 * Whether this page is on its way out through « Déconnexion ». Once the visitor has asked to sign out, a call still
 * in flight can come back 401 (the session it carried has just ended): that is the sign-out working, not an expired
 * session, so it must not send the visitor to the sign-in page instead of where the sign-out leads.
 */
let signingOut = false;

export function beginSignOut(): void {
  signingOut = true;
}

/** A sign-out that failed, or a new sign-in in the same tab: a 401 means an ended session again. */
export function endSignOut(): void {
  signingOut = false;
}

export function isSigningOut(): boolean {
  return signingOut;
}

// A page the browser brings back from its back-forward cache is a live page again: its next 401 is a real one.
if (typeof window !== 'undefined') {
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) endSignOut();
  });
}
