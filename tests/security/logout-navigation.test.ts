// GET /api/logout is a navigation (docs/specification.md §7): it must sign out from our own pages, and never because
// another site linked to it (the Lax session cookie comes with a cross-site top-level GET).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientLogin } from '#server/test/fixtures.ts';
import { buildWorld, PASSWORDS, type World } from './world.ts';

describe('[SECURITY][LOGOUT] the /api/logout navigation', () => {
  let w: World;
  beforeAll(async () => {
    w = await buildWorld();
  });
  afterAll(async () => w.t.close());

  const signIn = () => clientLogin(w.t, 'alice', PASSWORDS.alice);
  const signedIn = async (headers: Record<string, string>) =>
    (await w.t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: headers.cookie! } }))
      .statusCode === 200;
  const navigate = (headers: Record<string, string>, fetchSite?: string) =>
    w.t.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { ...headers, ...(fetchSite ? { 'sec-fetch-site': fetchSite } : {}) },
    });

  it('signs out and goes home from our own pages and from a typed address', async () => {
    for (const site of ['same-origin', 'same-site', 'none']) {
      const session = await signIn();
      const res = await navigate(session, site);
      expect(res.statusCode, site).toBe(302);
      // The landing page, marked so that it says the sign-out worked.
      expect(res.headers.location).toBe('/#deconnexion');
      expect(await signedIn(session), site).toBe(false);
    }
  });

  it('asks first, in French, when another site (or a browser that does not say) sends the visitor there', async () => {
    for (const site of ['cross-site', undefined]) {
      const session = await signIn();
      const res = await navigate(session, site);
      expect(res.statusCode, String(site)).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('<h1>Se déconnecter ?</h1>');
      expect(res.body).toContain(
        '<form method="post" action="/api/logout"><button type="submit">Se déconnecter</button></form>',
      );
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(await signedIn(session), String(site)).toBe(true);
      // Its one stylesheet is allowed by the response's own nonce; no script at all.
      const nonce = /<style nonce="([^"]+)">/.exec(res.body)?.[1];
      expect(nonce).toMatch(/^[A-Za-z0-9+/=]{16,}$/);
      expect(res.headers['content-security-policy']).toContain(`'nonce-${nonce}'`);
      expect(res.body).not.toContain('<script');
    }
  });

  it('signs out when the page’s button is pressed (a form POST from our own origin)', async () => {
    const session = await signIn();
    const res = await w.t.app.inject({
      method: 'POST',
      url: '/api/logout',
      payload: '',
      headers: {
        ...session,
        'content-type': 'application/x-www-form-urlencoded',
        origin: w.t.config.PUBLIC_URL,
        'sec-fetch-site': 'same-origin',
      },
    });
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe('/#deconnexion');
    expect(await signedIn(session)).toBe(false);
  });

  it('refuses the same POST from another site, and the session stays open', async () => {
    const session = await signIn();
    for (const headers of [
      { origin: 'https://pirate.example' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'null' },
    ]) {
      const res = await w.t.app.inject({
        method: 'POST',
        url: '/api/logout',
        payload: '',
        headers: { ...session, 'content-type': 'application/x-www-form-urlencoded', ...headers },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Requête refusée : origine non autorisée.');
    }
    expect(await signedIn(session)).toBe(true);
  });
});
