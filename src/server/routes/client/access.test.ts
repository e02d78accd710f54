import Fastify from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { clientSessions } from '#server/db/schema.ts';
import { CLIENT_UNAUTHORIZED } from '#shared/clients/client-api.ts';
import { SUBSCRIBE_UNAUTHORIZED } from '#shared/orders/pending-order-api.ts';
import { clientRoutes } from './index.ts';
import { clientLogin, staffLogin } from '#server/test/fixtures.ts';
import { serializerCompiler, validatorCompiler } from '#server/http-schema.ts';
import {
  assistance,
  clientCalls as calls,
  counts,
  hasId,
  newClient,
  ownedBy,
  type AccessClient,
} from './access-fixtures.ts';

/** Outside the signed-in scope: signing in and out, and the forgotten-password link. */
const PUBLIC_ROUTES = [
  'POST /api/client/login',
  'POST /api/auth/login',
  'POST /api/client/logout',
  'GET /api/login',
  'GET /api/logout',
  'POST /api/logout',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
];

describe('[CLIENT][ACCESS] every signed-in client route checks the session on the server', () => {
  let t: TestApp;
  let staff: Record<string, string>;
  let alice: AccessClient;
  let bruno: AccessClient;

  beforeAll(async () => {
    t = await createTestApp();
    staff = await staffLogin(t);
    alice = await newClient(t, staff, 'alice', 'pro');
    bruno = await newClient(t, staff, 'bruno', 'famille');
  });
  afterAll(async () => t.close());

  it('lists every registered client route (a new one must be added here, and so sit behind the hook)', async () => {
    // Registers the client plugin alone, recording each route as Fastify creates it.
    const probe = Fastify();
    // The routes declare zod schemas: the probe compiles them as the app does.
    probe.setValidatorCompiler(validatorCompiler);
    probe.setSerializerCompiler(serializerCompiler);
    probe.decorate('db', t.db);
    probe.decorate('config', t.config);
    await probe.register(cookie);
    await probe.register(rateLimit, { global: false });
    const registered = new Set<string>();
    probe.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) if (method !== 'HEAD') registered.add(`${method} ${route.url}`);
    });
    await probe.register(clientRoutes, { prefix: '/api' });
    await probe.ready();
    await probe.close();
    const tested = new Set(calls(alice).map((c) => `${c.method} ${c.url.replace(/\/\d+(?=\/|$)/, '/:id')}`));
    expect([...registered].sort()).toEqual([...tested, ...PUBLIC_ROUTES].sort());
  });

  it('answers 401 with the one wording without a session, with a forged, a staff or an expired cookie, and writes nothing', async () => {
    const [expired] = await t.db
      .insert(clientSessions)
      .values({ idHash: 'x'.repeat(64), clientId: alice.id, expiresAt: new Date(Date.now() - 1000) })
      .returning();
    const forged = [
      {},
      { cookie: 'rfs_client=invente' },
      { cookie: staff.cookie!.replace('rfs_staff', 'rfs_client') },
      staff,
      { cookie: `rfs_client=${expired!.idHash}` },
    ];
    const before = await counts(t);
    for (const call of calls(alice)) {
      for (const headers of forged) {
        const res = await t.app.inject({
          method: call.method,
          url: call.url,
          payload: call.payload,
          headers: { ...call.headers, ...headers },
        });
        expect(res.statusCode, `${call.method} ${call.url} ${JSON.stringify(headers)}`).toBe(401);
        expect(res.json().message).toBe(
          call.url === '/api/subscriptions' ? SUBSCRIBE_UNAUTHORIZED : CLIENT_UNAUTHORIZED,
        );
      }
    }
    expect(await counts(t)).toEqual(before);
  });

  it('serves the signed-in client', async () => {
    for (const call of calls(bruno)) {
      const res = await t.app.inject({
        method: call.method,
        url: call.url,
        payload: call.payload,
        headers: { ...call.headers, ...bruno.headers },
      });
      expect(res.statusCode, `${call.method} ${call.url}: ${res.body.slice(0, 200)}`).toBe(call.clientStatus);
    }
  });

  it('shows client B nothing of client A, whatever ids B puts in paths, queries and bodies, and changes nothing of A', async () => {
    const aliceBefore = await ownedBy(t, alice.id);
    const aliceMarkers = [
      'alice@exemple.fr',
      'Client alice',
      'Secret de alice',
      'Capture de alice',
      'ecran-alice',
      alice.invoiceNumber,
    ];
    const query = `?clientId=${alice.id}&id=${alice.id}&email=alice%40exemple.fr&q=Alice`;
    for (const call of calls(bruno)) {
      if (call.method !== 'GET' || hasId(call.url)) continue;
      const res = await t.app.inject({ method: 'GET', url: `${call.url}${query}`, headers: bruno.headers });
      expect(res.statusCode, call.url).toBeLessThan(500);
      for (const marker of aliceMarkers) expect(res.body, `${call.url} shows ${marker}`).not.toContain(marker);
    }
    // A's ids in paths: not found, as if they did not exist, for reading and writing alike.
    for (const call of calls(alice).filter((c) => hasId(c.url))) {
      const res = await t.app.inject({
        method: call.method,
        url: call.url,
        payload: call.payload,
        headers: { ...call.headers, ...bruno.headers },
      });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
      for (const marker of aliceMarkers) expect(res.body, `${call.url} shows ${marker}`).not.toContain(marker);
    }

    // Writes naming A land on B, or nowhere.
    const writes = [
      { url: '/api/client/interventions', payload: assistance('Au nom d’Alice', { clientId: alice.id }) },
      { url: '/api/interventions', payload: { clientId: alice.id, title: 'Au nom d’Alice' } },
      {
        url: '/api/subscriptions',
        payload: { planId: 'pro', acceptCgv: true, clientId: alice.id, email: 'alice@exemple.fr' },
      },
      { url: '/api/client/erasure-request', payload: { clientId: alice.id } },
      {
        url: '/api/client/password',
        payload: { clientId: alice.id, currentPassword: 'Azur-Passerelle-2026', newPassword: 'vole-le-compte-42' },
      },
    ];
    for (const write of writes) {
      const res = await t.app.inject({
        method: 'POST',
        url: write.url,
        headers: bruno.headers,
        payload: write.payload,
      });
      expect(res.statusCode, `${write.url}: ${res.body}`).toBeLessThan(500);
    }
    expect(await ownedBy(t, alice.id)).toEqual(aliceBefore);
    // A still signs in with her password.
    await clientLogin(t, 'alice', 'Azur-Passerelle-2026');
  });

  it('leaves no row behind a refused call', async () => {
    const before = await counts(t);
    const refused = [
      { url: '/api/client/interventions', payload: assistance('') },
      { url: '/api/client/interventions', payload: assistance('x'.repeat(2001)) },
      { url: '/api/interventions', payload: { title: 't'.repeat(121) } },
      { url: '/api/subscriptions', payload: { planId: 'platine' } },
      { url: '/api/client/password', payload: { currentPassword: '', newPassword: 'court' } },
    ];
    for (const call of refused) {
      const res = await t.app.inject({ method: 'POST', url: call.url, headers: bruno.headers, payload: call.payload });
      expect(res.statusCode, `${call.url}: ${res.body}`).toBe(400);
    }
    expect(await counts(t)).toEqual(before);
  });
});
