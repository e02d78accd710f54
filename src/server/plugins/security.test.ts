import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { orders, inboxItems } from '#server/db/schema.ts';
import { staffTestApp, validOrder } from '#server/test/fixtures.ts';
import { MAX_URL_LENGTH } from './security.ts';

describe('[SECURITY][REQUEST] addresses of any shape get a quick French answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it.each([
    ['a run of slashes', `/${'/'.repeat(MAX_URL_LENGTH)}x`],
    ['a page then slashes', `/cgv${'/'.repeat(MAX_URL_LENGTH)}`],
    ['a long search', `/api/admin/manual-orders?q=${'a'.repeat(MAX_URL_LENGTH)}`],
    ['many query parameters', `/?${'a=1&'.repeat(MAX_URL_LENGTH / 4)}`],
  ])('refuses %s longer than the limit with 414 before any handler runs', async (_name, url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ message: 'Adresse trop longue.', code: 'URL_TOO_LONG' });
  });

  it('still serves an address just under the limit', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/healthz?${'a'.repeat(MAX_URL_LENGTH - 10)}` });
    expect(res.statusCode).toBe(200);
  });

  it('answers 400 in French to an address that cannot be decoded', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/%' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Adresse invalide.', code: 'BAD_URL' });
  });

  it('answers 414 in French to an id longer than the router takes', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/verify-invoice/${'A'.repeat(300)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ message: 'Adresse trop longue.', code: 'URL_TOO_LONG' });
  });
});

describe('[SECURITY][CSRF] the cross-site check follows the route Fastify matched, not the raw address', () => {
  const { t, staff } = staffTestApp();

  const pirate = { origin: 'https://pirate.example' };

  it.each(['/%61pi/admin/manual-orders', '/api/%61dmin/manual-orders', '/%61%70%69/admin/manual-orders'])(
    'refuses a cross-site order posted to %s with a valid staff session',
    async (url) => {
      const before = await t.db.$count(orders);
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...staff, ...pirate },
        payload: validOrder({ clientEmail: 'csrf@exemple.fr' }),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Requête refusée : origine non autorisée.', code: 'FORBIDDEN_ORIGIN' });
      expect(await t.db.$count(orders)).toBe(before);
    },
  );

  it('lets the same encoded address through from our own pages (the router does reach the handler)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/%61pi/admin/manual-orders',
      headers: { ...staff, origin: t.config.PUBLIC_URL },
      payload: validOrder({ clientEmail: 'maison@exemple.fr' }),
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses a cross-site registration sent to an encoded public path', async () => {
    const before = await t.db.$count(inboxItems);
    const res = await t.app.inject({
      method: 'POST',
      url: '/%61pi/register',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: { name: 'Jean Dupont', email: 'jean@exemple.fr', phone: '0612345678', plan: 'pro' },
    });
    expect(res.statusCode).toBe(403);
    expect(await t.db.$count(inboxItems)).toBe(before);
  });
});

describe('[SECURITY][PROXY] per-address limits count the real client, whatever X-Forwarded-For says', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '10.0.0.1' }, { verifyRateLimit: 2 });
  });
  afterAll(async () => t.close());

  const verify = (remoteAddress: string, forwardedFor: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/verify-invoice/RFS-ABCDEF-2025',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('ignores X-Forwarded-For from a client that reaches the server directly', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await verify('198.51.100.7', `203.0.113.${i}`)).statusCode);
    expect(statuses).toEqual([404, 404, 429]);
  });

  it('believes X-Forwarded-For from the proxy named in TRUST_PROXY', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await verify('10.0.0.1', `203.0.113.${10 + i}`)).statusCode);
    expect(statuses).toEqual([404, 404, 404]);
  });
});
