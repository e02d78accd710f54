import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { REDIRECT_REPLY } from '#server/http-schema.ts';
import { CLIENT_COOKIE } from '#server/plugins/auth.ts';
import { CSP_NONCE } from '#server/plugins/csp.ts';
import { SIGNED_OUT_HASH } from '#shared/clients/client-pages.ts';
import { logOut } from './auth.ts';

/**
 * `Sec-Fetch-Site` of a navigation the visitor made on our site (`same-origin`, `same-site`) or typed (`none`). Any
 * other value, or none (an old browser), may be another site's link or image: session cookies are SameSite=Lax, so
 * they come with a cross-site top-level GET, and that GET alone must not end the session.
 */
const OWN_NAVIGATION = new Set(['same-origin', 'same-site', 'none']);

const isOwnNavigation = (request: FastifyRequest) => OWN_NAVIGATION.has(String(request.headers['sec-fetch-site']));

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A page of its own, not the React app: a few lines, no script, its style allowed by the response's nonce. */
function confirmPage(siteName: string): string {
  const site = escapeHtml(siteName);
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Se déconnecter ? | ${site}</title>
<style nonce="${CSP_NONCE}">body{font-family:system-ui,sans-serif;margin:0;background:#f8fafc;color:#0f172a}
main{max-width:28rem;margin:4rem auto;padding:1.5rem;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem}
h1{font-size:1.5rem;margin:0 0 .75rem}button{font:inherit;font-weight:600;padding:.625rem 1rem;border:0;border-radius:.5rem;
background:#1d4ed8;color:#fff;cursor:pointer}button:focus-visible,a:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}
a{color:#1d4ed8}</style></head>
<body><main><h1>Se déconnecter ?</h1>
<p>Vous avez ouvert le lien de déconnexion de ${site} depuis un autre site. Voulez-vous fermer votre session ?</p>
<form method="post" action="/api/logout"><button type="submit">Se déconnecter</button></form>
<p><a href="/">Rester connecté et revenir à l’accueil</a></p></main></body></html>`;
}

/** The landing page, marked when a session was ended there so that it says the sign-out worked. */
const homeAfter = (ended: boolean) => (ended ? `/${SIGNED_OUT_HASH}` : '/');

/**
 * GET /api/logout, the navigation kept from the original site (docs/specification.md §7): from our own pages or a typed
 * address it signs out and goes to `/` (marked #deconnexion when a session ended there); from anywhere else it asks
 * first. The page's button POSTs to /api/logout, which
 * the Origin check (plugins/security.ts) refuses from another site like every other write.
 */
export const clientLogoutRoutes: FastifyPluginAsync = async (app) => {
  app.get('/logout', { config: REDIRECT_REPLY }, async (request, reply) => {
    if (request.cookies[CLIENT_COOKIE] && !isOwnNavigation(request)) {
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(confirmPage(app.config.SITE_NAME));
    }
    return reply.redirect(homeAfter(await logOut(app, request, reply)));
  });

  // A form sends its (empty) body form-encoded: accepted here only, and never read.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, {}),
  );
  app.post('/logout', { config: REDIRECT_REPLY }, async (request, reply) => {
    return reply.redirect(homeAfter(await logOut(app, request, reply)), 303);
  });
};
