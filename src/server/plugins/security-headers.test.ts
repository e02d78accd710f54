import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN, type TestApp } from '#server/test/harness.ts';
import { newClient, postOrder, staffLogin } from '#server/test/fixtures.ts';
import { CLIENT_COOKIE, hostCookie, STAFF_COOKIE } from './auth.ts';
import { CSP_NONCE, inlineStyleHashes, sonnerStylesheet, withStyleNonce } from './csp.ts';

/** One directive of a policy, as its list of sources. */
function directive(policy: string, name: string): string[] | undefined {
  const found = policy
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([n]) => n === name);
  return found?.slice(1);
}

// Mozilla HTTP Observatory's rules (https://developer.mozilla.org/en-US/observatory/docs/tests_and_scoring), as tests.
describe('[SECURITY][HEADERS] the Observatory rules, on pages, API answers and errors alike', () => {
  let t: TestApp;
  let https: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    https = await createTestApp({ PUBLIC_URL: 'https://support.exemple.fr' });
  });
  afterAll(async () => {
    await t.close();
    await https.close();
  });

  const answers = async (app: TestApp) =>
    Promise.all(
      (
        [
          ['/healthz', 200],
          ['/api/auth/user', 401],
          ['/api/inconnu', 404],
          ['/api/admin/stats?from=0000-01-01', 401],
        ] as const
      ).map(async ([url, status]) => {
        const res = await app.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(status);
        return { url, res };
      }),
    );

  it('CSP: scripts and styles from the site only, no unsafe-inline or eval, no plugins, no framing, no base or form elsewhere', async () => {
    for (const { url, res } of await answers(t)) {
      const policy = res.headers['content-security-policy'] as string;
      expect(policy, url).not.toMatch(/unsafe-inline|unsafe-eval|\*|http:|https:/);
      expect(directive(policy, 'default-src'), url).toEqual(["'self'"]);
      expect(directive(policy, 'script-src'), url).toEqual(["'self'"]);
      expect(directive(policy, 'script-src-attr'), url).toEqual(["'none'"]);
      expect(directive(policy, 'style-src-attr'), url).toEqual(["'none'"]);
      expect(directive(policy, 'style-src-elem'), url).toEqual(["'self'", ...inlineStyleHashes()]);
      expect(directive(policy, 'object-src'), url).toEqual(["'none'"]);
      expect(directive(policy, 'frame-ancestors'), url).toEqual(["'none'"]);
      expect(directive(policy, 'base-uri'), url).toEqual(["'self'"]);
      expect(directive(policy, 'form-action'), url).toEqual(["'self'"]);
    }
  });

  it('the other headers: no sniffing, no framing, no referrer, powerful features off, nothing saying what runs the site', async () => {
    for (const { url, res } of await answers(t)) {
      expect(res.headers, url).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
      });
      const permissions = res.headers['permissions-policy'] as string;
      for (const feature of ['camera=()', 'geolocation=()', 'payment=()', 'usb=()'])
        expect(permissions, url).toContain(feature);
      // A screen share and its voice, from our own pages and no frame of another site (docs/decisions/043).
      for (const feature of ['display-capture=(self)', 'microphone=(self)'])
        expect(permissions, url).toContain(feature);
      expect(res.headers['x-powered-by'], url).toBeUndefined();
      expect(res.headers.server, url).toBeUndefined();
    }
  });

  it('HSTS for two years, subdomains included, only when the site is served over https', async () => {
    for (const { url, res } of await answers(t)) expect(res.headers['strict-transport-security'], url).toBeUndefined();
    for (const { url, res } of await answers(https)) {
      expect(res.headers['strict-transport-security'], url).toBe('max-age=63072000; includeSubDomains');
    }
  });

  it('over https, session cookies are __Host- cookies: Secure, HttpOnly, SameSite, the whole site, no Domain', async () => {
    const staffRes = await https.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: TEST_ADMIN.username, password: TEST_ADMIN.password },
    });
    expect(staffRes.cookies.map((c) => c.name)).toEqual([hostCookie(STAFF_COOKIE)]);
    expect(staffRes.cookies[0]).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(staffRes.cookies[0]!.domain).toBeUndefined();
    const token = staffRes.cookies[0]!.value;

    // The session opens with the __Host- cookie; the same token under the plain name is a planted cookie, ignored.
    expect(
      (
        await https.app.inject({
          method: 'GET',
          url: '/api/admin/session',
          headers: { cookie: `${hostCookie(STAFF_COOKIE)}=${token}` },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await https.app.inject({
          method: 'GET',
          url: '/api/admin/session',
          headers: { cookie: `${STAFF_COOKIE}=${token}` },
        })
      ).statusCode,
    ).toBe(401);

    const staff = await staffLogin(https);
    await postOrder(https, staff, {
      clientEmail: 'hote@exemple.fr',
      username: 'hote',
      password: 'Azur-Passerelle-2026',
    });
    const clientRes = await https.app.inject({
      method: 'POST',
      url: '/api/client/login',
      payload: { username: 'hote', password: 'Azur-Passerelle-2026' },
    });
    expect(clientRes.cookies.map((c) => [c.name, c.secure, c.httpOnly])).toEqual([
      [hostCookie(CLIENT_COOKIE), true, true],
    ]);

    const out = await https.app.inject({ method: 'POST', url: '/api/admin/logout', headers: staff });
    expect(out.cookies.map((c) => [c.name, c.value])).toEqual([[hostCookie(STAFF_COOKIE), '']]);
  });

  it('over http, where browsers refuse the prefix, the cookies keep their plain names', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: TEST_ADMIN.username, password: TEST_ADMIN.password },
    });
    expect(res.cookies.map((c) => [c.name, c.secure ?? false])).toEqual([[STAFF_COOKIE, false]]);
  });
});

describe('[SECURITY][CSP] inline styles allowed', () => {
  it('by the hash of the stylesheet sonner inserts, read from the installed package', () => {
    expect(sonnerStylesheet()).toMatch(/^\[data-sonner-toaster\]/);
    expect(inlineStyleHashes()).toHaveLength(2);
  });

  it('and by the nonce of each page, added to both style directives', () => {
    const policy =
      "default-src 'self';style-src 'self' 'sha256-x';style-src-elem 'self' 'sha256-x';style-src-attr 'none'";
    expect(withStyleNonce(policy, 'abc')).toBe(
      "default-src 'self';style-src 'nonce-abc' 'self' 'sha256-x';style-src-elem 'nonce-abc' 'self' 'sha256-x';style-src-attr 'none'",
    );
  });
});

describe('[SECURITY][CSP] the nonce is written into pages only, never into what someone typed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  // The placeholder was once plain text (« __CSP_NONCE__ »): a request described with it came back, in every JSON
  // answer that carried it, as a random nonce, with a page's policy on a JSON answer.
  it.each([CSP_NONCE, '__CSP_NONCE__'])('a request described as « %s » is listed as typed', async (words) => {
    const staff = await staffLogin(t, TEST_ADMIN);
    const { headers } = await newClient(t, staff, `nonce${words.length}`);
    const description = `Mon écran affiche ${words} au démarrage`;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/client/interventions',
      headers,
      payload: { description, urgency: 'low', deviceType: 'pc_windows', deviceInfo: 'Dell' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<{ description: string }>().description).toBe(description);

    const list = await t.app.inject({ method: 'GET', url: '/api/client/interventions', headers });
    expect(list.json<Array<{ description: string }>>().map((i) => i.description)).toEqual([description]);
    expect(directive(list.headers['content-security-policy'] as string, 'style-src')).toEqual([
      "'self'",
      ...inlineStyleHashes(),
    ]);
  });

  it('what React writes cannot carry the placeholder: it holds characters React always escapes', () => {
    expect(CSP_NONCE).toMatch(/[<>&"]/);
  });
});
