import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

const CSP = "default-src 'self';base-uri 'self';font-src 'self';form-action 'self';frame-ancestors 'none';img-src 'self' data:;"
  + "object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self'";

describe('[SECURITY] helmet\'s headers on every answer, computed once', () => {
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

  it('sends the content security policy and the other protections on pages, API answers and errors alike', async () => {
    for (const [url, status] of [['/healthz', 200], ['/api/auth/user', 401], ['/api/inconnu', 404]] as const) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-security-policy'], url).toBe(CSP);
      expect(res.headers).toMatchObject({
        'x-frame-options': 'SAMEORIGIN', 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin', 'cross-origin-resource-policy': 'same-origin', 'origin-agent-cluster': '?1',
        'x-dns-prefetch-control': 'off', 'x-download-options': 'noopen', 'x-permitted-cross-domain-policies': 'none', 'x-xss-protection': '0',
      });
      expect(res.headers['cross-origin-embedder-policy'], url).toBeUndefined();
    }
  });

  it('asks browsers for HTTPS only when the site is served over HTTPS', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).headers['strict-transport-security']).toBeUndefined();
    expect((await https.app.inject({ method: 'GET', url: '/healthz' })).headers['strict-transport-security'])
      .toBe('max-age=31536000; includeSubDomains');
  });
});
