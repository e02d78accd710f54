import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../test/harness';
import { clients, interventions, requests } from '../../db/schema';
import { adminRoutes } from './index';
import { clientLogin, postOrder, staffLogin, validOrder } from './test-fixtures';

type Call = { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: object; staffStatus: number };

describe('[ADMIN][ACCESS] every /api/admin route checks the staff session on the server', () => {
  let t: TestApp;
  let staff: Record<string, string>;
  let client: Record<string, string>;
  let calls: Call[];

  beforeAll(async () => {
    t = await createTestApp();
    staff = await staffLogin(t);
    // A second session of the same staff member, for « Mes sessions » to end.
    const [otherSession] = (await t.app.inject({ method: 'GET', url: '/api/admin/sessions', headers: await staffLogin(t) })).json();
    const order = await postOrder(t, staff, { username: 'jdupont', password: 'motdepasse-client' });
    client = await clientLogin(t, 'jdupont', 'motdepasse-client');
    const [registration] = await t.db.insert(requests).values({
      kind: 'registration', name: 'Anne Martin', email: 'anne@exemple.fr', firstName: 'Anne', lastName: 'Martin', phone: '0611223344',
    }).returning();
    const [intervention] = await t.db.insert(interventions).values({
      clientId: order.order.clientId!, title: 'Demande d’assistance', description: 'Écran noir',
    }).returning();
    expect(await t.db.$count(clients)).toBe(1);
    // Another client's erasure request, for staff to confirm (the signed-in client above must stay).
    const [leaving] = await t.db.insert(clients).values({ name: 'Paul Durand', email: 'paul@exemple.fr' }).returning();
    const [erasure] = await t.db.insert(requests).values({ kind: 'erasure', name: 'Paul Durand', email: 'paul@exemple.fr', clientId: leaving!.id }).returning();
    const id = order.id;
    calls = [
      { method: 'GET', url: '/api/admin/session', staffStatus: 200 },
      { method: 'POST', url: '/api/admin/unlock', payload: { code: TEST_ADMIN.secretCode }, staffStatus: 200 },
      { method: 'GET', url: '/api/admin/manual-orders', staffStatus: 200 },
      { method: 'POST', url: '/api/admin/manual-orders', payload: validOrder({ clientEmail: 'autre@exemple.fr' }), staffStatus: 201 },
      { method: 'PATCH', url: `/api/admin/manual-orders/${id}`, payload: { notes: 'Rappeler lundi' }, staffStatus: 200 },
      { method: 'POST', url: `/api/admin/manual-orders/${id}/credentials`, staffStatus: 200 },
      { method: 'GET', url: `/api/admin/manual-orders/${id}/receipt`, staffStatus: 200 },
      { method: 'GET', url: '/api/admin/credentials/suggest?name=Jean%20Dupont', staffStatus: 200 },
      { method: 'GET', url: '/api/admin/users', staffStatus: 200 },
      { method: 'GET', url: '/api/admin/contacts', staffStatus: 200 },
      { method: 'PATCH', url: `/api/admin/contacts/${registration!.id}`, payload: { status: 'pending' }, staffStatus: 200 },
      { method: 'POST', url: `/api/admin/contacts/${registration!.id}/validate`, staffStatus: 200 },
      { method: 'POST', url: `/api/admin/contacts/${erasure!.id}/erase`, staffStatus: 200 },
      { method: 'GET', url: '/api/admin/stats', staffStatus: 200 },
      { method: 'GET', url: '/api/admin/subscriptions', staffStatus: 200 },
      { method: 'GET', url: '/api/admin/interventions', staffStatus: 200 },
      { method: 'PATCH', url: `/api/admin/interventions/${intervention!.id}`, payload: { status: 'in_progress' }, staffStatus: 200 },
      { method: 'GET', url: '/api/admin/audit?entity=order', staffStatus: 200 },
      { method: 'POST', url: '/api/admin/download-site', payload: {}, staffStatus: 200 },
      { method: 'GET', url: '/api/admin/sessions', staffStatus: 200 },
      { method: 'DELETE', url: `/api/admin/sessions/${otherSession.id}`, staffStatus: 200 },
      { method: 'DELETE', url: '/api/admin/sessions', staffStatus: 200 },
      // Last: it ends the session used by the calls above.
      { method: 'POST', url: '/api/admin/logout', staffStatus: 200 },
    ];
  });
  afterAll(async () => t.close());

  it('lists every registered admin route (a new route must be added here)', async () => {
    // Registers the admin plugin alone, recording each route as Fastify creates it.
    const probe = Fastify();
    const registered = new Set<string>();
    probe.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) if (method !== 'HEAD') registered.add(`${method} ${route.url}`);
    });
    await probe.register(adminRoutes, { prefix: '/api/admin' });
    await probe.ready();
    await probe.close();
    const tested = new Set(calls.map((c) => `${c.method} ${c.url.split('?')[0]!.replace(/\/\d+(?=\/|$)/, '/:id')}`));
    tested.add('POST /api/admin/login');
    expect([...registered].sort()).toEqual([...tested].sort());
  });

  it('answers 401 without a session', async () => {
    for (const call of calls) {
      const res = await t.app.inject({ method: call.method, url: call.url, payload: call.payload });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
      expect(res.json().message).toBe('Session expirée, veuillez vous reconnecter.');
    }
  });

  it('answers 401 with a forged or unknown staff cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/manual-orders', headers: { cookie: 'rfs_staff=invente' } });
    expect(res.statusCode).toBe(401);
  });

  it('answers 403 to a signed-in client', async () => {
    for (const call of calls) {
      const res = await t.app.inject({ method: call.method, url: call.url, payload: call.payload, headers: client });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(res.json().message).toBe('Accès réservé au personnel.');
    }
  });

  it('serves staff', async () => {
    for (const call of calls) {
      const res = await t.app.inject({ method: call.method, url: call.url, payload: call.payload, headers: staff });
      expect(res.statusCode, `${call.method} ${call.url}: ${res.body.slice(0, 200)}`).toBe(call.staffStatus);
    }
    const after = await t.app.inject({ method: 'GET', url: '/api/admin/session', headers: staff });
    expect(after.statusCode).toBe(401);
  });
});
