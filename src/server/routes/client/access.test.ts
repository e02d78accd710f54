import Fastify from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import {
  auditLog,
  clients,
  clientSessions,
  interventionMessages,
  interventions,
  orders,
  inboxItems,
  screenShares,
} from '#server/db/schema.ts';
import { CLIENT_UNAUTHORIZED } from '#shared/clients/client-api.ts';
import { SUBSCRIBE_UNAUTHORIZED } from '#shared/orders/pending-order-api.ts';
import type { Thread } from '#shared/interventions/thread-api.ts';
import { todayIso } from '#shared/format.ts';
import { clientRoutes } from './index.ts';
import { clientLogin, multipartFile, postOrder, staffLogin } from '#server/test/fixtures.ts';
import type { OrderDocuments } from '#shared/billing/invoice-api.ts';
import { serializerCompiler, validatorCompiler } from '#server/http-schema.ts';

type Method = 'GET' | 'POST' | 'PUT';
type Call = { method: Method; url: string; payload?: object; headers?: Record<string, string>; clientStatus: number };

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

/** A path naming one of the caller's things by id (an order, a request, a file). */
const hasId = (url: string) => /\/\d+(?=\/|$)/.test(url);

/** A 1×1 PNG, as a client attaches a screenshot to a message. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const assistance = (description: string, extra: object = {}) => ({
  description,
  urgency: 'high',
  deviceType: 'pc_windows',
  deviceInfo: 'Dell Inspiron 15',
  ...extra,
});

describe('[CLIENT][ACCESS] every signed-in client route checks the session on the server', () => {
  let t: TestApp;
  let staff: Record<string, string>;
  type Client = {
    id: number;
    headers: Record<string, string>;
    orderId: number;
    interventionId: number;
    attachmentId: number;
    documentId: number;
    invoiceNumber: string;
    deviceId: number;
    shareId: number;
  };
  let alice: Client;
  let bruno: Client;
  /** Every signed-in route, called as the client would; `:id` is the caller's own order or request. */
  let calls: (own: Client) => Call[];

  async function newClient(username: string, plan: 'pro' | 'famille') {
    const created = await postOrder(t, staff, {
      clientName: `Client ${username}`,
      clientEmail: `${username}@exemple.fr`,
      username,
      password: 'Azur-Passerelle-2026',
      plan,
      orderDate: todayIso(),
    });
    const headers = await clientLogin(t, username, 'Azur-Passerelle-2026');
    const request = await t.app.inject({
      method: 'POST',
      url: '/api/client/interventions',
      headers,
      payload: assistance(`Secret de ${username}`),
    });
    const interventionId = request.json<{ id: number }>().id;
    const message = await t.app.inject({
      method: 'POST',
      url: `/api/client/interventions/${interventionId}/messages`,
      headers,
      payload: { body: `Capture de ${username}`, attachment: { name: `ecran-${username}.png`, data: PNG } },
    });
    expect(message.statusCode, message.body).toBe(201);
    const attachmentId = message.json<Thread>().messages[0]!.attachments[0]!.id;
    const [invoice] = (created.order as typeof created.order & OrderDocuments).documents;
    const device = await t.app.inject({
      method: 'POST',
      url: '/api/client/devices',
      headers,
      payload: { deviceType: 'windows-pc', deviceInfo: `PC de ${username}` },
    });
    expect(device.statusCode, device.body).toBe(201);
    const [share] = await t.db
      .insert(screenShares)
      .values({ interventionId, clientId: created.order.clientId! })
      .returning();
    return {
      shareId: share!.id,
      id: created.order.clientId!,
      orderId: created.id,
      interventionId,
      attachmentId,
      headers,
      documentId: invoice!.id,
      invoiceNumber: invoice!.number,
      deviceId: device.json<{ id: number }>().id,
    };
  }

  beforeAll(async () => {
    t = await createTestApp();
    staff = await staffLogin(t);
    alice = await newClient('alice', 'pro');
    bruno = await newClient('bruno', 'famille');
    calls = ({ orderId, interventionId, attachmentId, documentId, deviceId, shareId }) => [
      { method: 'GET', url: '/api/client/session', clientStatus: 200 },
      { method: 'GET', url: '/api/auth/user', clientStatus: 200 },
      { method: 'GET', url: '/api/client/events', clientStatus: 200 },
      { method: 'GET', url: '/api/client/interventions', clientStatus: 200 },
      { method: 'POST', url: '/api/client/interventions', payload: assistance('Écran noir'), clientStatus: 201 },
      { method: 'GET', url: `/api/client/interventions/${interventionId}/messages`, clientStatus: 200 },
      {
        method: 'POST',
        url: `/api/client/interventions/${interventionId}/messages`,
        payload: { body: 'Merci de me rappeler' },
        clientStatus: 201,
      },
      { method: 'POST', url: `/api/client/interventions/${interventionId}/messages/read`, clientStatus: 200 },
      // A screen share nobody joined yet: a signal waits for nobody, the end records it; then a new one.
      {
        method: 'POST',
        url: `/api/client/screen-shares/${shareId}/signal`,
        payload: { kind: 'candidate', peer: 'p', candidate: { candidate: '' } },
        clientStatus: 204,
      },
      { method: 'POST', url: `/api/client/screen-shares/${shareId}/end`, payload: {}, clientStatus: 200 },
      { method: 'POST', url: `/api/client/interventions/${interventionId}/screen-share`, clientStatus: 201 },
      { method: 'GET', url: `/api/client/intervention-attachments/${attachmentId}`, clientStatus: 200 },
      // Closing the client's own waiting request cancels it; a cancelled request is not rated (409).
      { method: 'POST', url: `/api/client/interventions/${interventionId}/close`, clientStatus: 200 },
      {
        method: 'PUT',
        url: `/api/client/interventions/${interventionId}/rating`,
        payload: { stars: 5 },
        clientStatus: 409,
      },
      { method: 'GET', url: '/api/interventions', clientStatus: 200 },
      { method: 'POST', url: '/api/interventions', payload: {}, clientStatus: 201 },
      { method: 'GET', url: '/api/subscriptions/current', clientStatus: 200 },
      { method: 'POST', url: '/api/subscriptions', payload: { planId: 'duo', acceptCgv: true }, clientStatus: 201 },
      { method: 'GET', url: '/api/client/orders', clientStatus: 200 },
      { method: 'GET', url: `/api/client/orders/${orderId}/invoice`, clientStatus: 200 },
      { method: 'GET', url: `/api/client/documents/${documentId}/pdf`, clientStatus: 200 },
      // Online payment is off in this app: said so, and « Payer en ligne » is not offered (404).
      { method: 'GET', url: '/api/client/payments', clientStatus: 200 },
      { method: 'POST', url: `/api/client/orders/${orderId}/checkout`, clientStatus: 404 },
      // Past the session check: « Me rétracter » on an order that is not the client's (or does not exist) is 404.
      { method: 'POST', url: '/api/client/orders/999999/withdrawal', clientStatus: 404 },
      { method: 'GET', url: '/api/client/devices', clientStatus: 200 },
      {
        method: 'POST',
        url: '/api/client/devices',
        payload: { deviceType: 'macbook', deviceInfo: 'MacBook Air 2020' },
        clientStatus: 201,
      },
      {
        method: 'POST',
        url: `/api/client/devices/${deviceId}/proofs`,
        ...multipartFile('facture.png', Buffer.from(PNG, 'base64')),
        clientStatus: 201,
      },
      { method: 'POST', url: `/api/client/devices/${deviceId}/cover`, clientStatus: 200 },
      { method: 'POST', url: `/api/client/devices/${deviceId}/retire`, clientStatus: 200 },
      // Past the session check: no published article at that address.
      { method: 'POST', url: '/api/client/help/solved', payload: { slug: 'inconnu' }, clientStatus: 404 },
      { method: 'GET', url: '/api/client/remote-tools', clientStatus: 200 },
      { method: 'GET', url: '/api/client/data', clientStatus: 200 },
      { method: 'GET', url: '/api/client/erasure-request', clientStatus: 200 },
      { method: 'POST', url: '/api/client/erasure-request', clientStatus: 202 },
      // Refused on its merits (wrong current password), after the session check.
      {
        method: 'POST',
        url: '/api/client/password',
        payload: { currentPassword: 'pas-le-bon', newPassword: 'un-nouveau-secret-42' },
        clientStatus: 400,
      },
    ];
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
    const before = await counts();
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
    expect(await counts()).toEqual(before);
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
    const aliceBefore = await ownedBy(alice.id);
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
    expect(await ownedBy(alice.id)).toEqual(aliceBefore);
    // A still signs in with her password.
    await clientLogin(t, 'alice', 'Azur-Passerelle-2026');
  });

  it('leaves no row behind a refused call', async () => {
    const before = await counts();
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
    expect(await counts()).toEqual(before);
  });

  /** Row counts of every table a client call may write. */
  async function counts() {
    return {
      orders: await t.db.$count(orders),
      interventions: await t.db.$count(interventions),
      messages: await t.db.$count(interventionMessages),
      requests: await t.db.$count(inboxItems),
      audit: await t.db.$count(auditLog),
      clients: await t.db.$count(clients),
    };
  }

  /** Everything held about one client. */
  async function ownedBy(clientId: number) {
    return {
      client: await t.db.select().from(clients).where(eq(clients.id, clientId)),
      orders: await t.db.select().from(orders).where(eq(orders.clientId, clientId)),
      interventions: await t.db.select().from(interventions).where(eq(interventions.clientId, clientId)),
      messages: await t.db
        .select({ message: interventionMessages })
        .from(interventionMessages)
        .innerJoin(interventions, eq(interventions.id, interventionMessages.interventionId))
        .where(eq(interventions.clientId, clientId)),
      requests: await t.db.select().from(inboxItems).where(eq(inboxItems.clientId, clientId)),
      sessions: await t.db.$count(clientSessions, eq(clientSessions.clientId, clientId)),
    };
  }
});
