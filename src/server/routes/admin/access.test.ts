import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN, type TestApp } from '#server/test/harness.ts';
import { eq } from 'drizzle-orm';
import {
  clients,
  deviceProofs,
  devices,
  helpArticles,
  interventions,
  outbox,
  inboxItems,
  screenShares,
  staffUsers,
} from '#server/db/schema.ts';
import { hashPassword } from '#server/services/security/passwords.ts';
import type { StaffRole } from '#shared/staff/staff-labels.ts';
import { serializerCompiler, validatorCompiler } from '#server/http-schema.ts';
import type { Config } from '#server/config.ts';
import { adminRoutes } from './index.ts';
import { ROLE_FORBIDDEN } from './roles.ts';
import { clientLogin, postOrder, staffLogin, validOrder } from '#server/test/fixtures.ts';
import type { OrderDocuments } from '#shared/billing/invoice-api.ts';
import { todayIso } from '#shared/format.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Call = { method: Method; url: string; payload?: object; status: number };
const TECHNICIAN = { username: 'tech', password: 'motdepasse-technicien' };
/** Routes reachable without a staff session, each with its own tests (auth.test.ts, team.test.ts). */
const PUBLIC_ROUTES = [
  'POST /api/admin/login',
  'POST /api/admin/login/code',
  'POST /api/admin/login/enrol',
  'POST /api/admin/login/enrol/confirm',
  'POST /api/admin/set-password',
];

/** The route table as Fastify builds it: each admin route with the roles it declares. */
async function routeTable(): Promise<Map<string, readonly StaffRole[] | undefined>> {
  const probe = Fastify();
  // The routes declare zod schemas: the probe compiles them as the app does.
  probe.setValidatorCompiler(validatorCompiler);
  probe.setSerializerCompiler(serializerCompiler);
  // Routes read settings as they register (online payment is off without its keys): an empty set of them.
  probe.decorate('config', {} as Config);
  const table = new Map<string, readonly StaffRole[] | undefined>();
  probe.addHook('onRoute', (route) => {
    const roles = (route.config as { roles?: readonly StaffRole[] } | undefined)?.roles;
    for (const method of [route.method].flat()) if (method !== 'HEAD') table.set(`${method} ${route.url}`, roles);
  });
  await probe.register(adminRoutes, { prefix: '/api/admin' });
  await probe.ready();
  await probe.close();
  return table;
}

const routeOf = (c: Pick<Call, 'method' | 'url'>) =>
  `${c.method} ${c.url.split('?')[0]!.replace(/\/\d+(?=\/|$)/g, '/:id')}`;

describe('[ADMIN][ACCESS] role matrix: every /api/admin route × no session, client, technicien, admin', () => {
  let t: TestApp;
  let table: Map<string, readonly StaffRole[] | undefined>;
  const headers: Partial<Record<'client' | StaffRole, Record<string, string>>> = {};
  const calls: Partial<Record<StaffRole, Call[]>> = {};

  /** The same calls for each role, on objects of its own so that one role's changes do not decide the other's answers. */
  async function callsFor(role: StaffRole, adminHeaders: Record<string, string>, n: number): Promise<Call[]> {
    const [otherSession] = (
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/sessions',
        headers: role === 'admin' ? await staffLogin(t) : await staffLogin(t, TECHNICIAN),
      })
    ).json();
    // A plan running today: staff can open a request for this client.
    const order = await postOrder(t, adminHeaders, {
      username: `client${n}`,
      password: 'motdepasse-client',
      clientEmail: `client${n}@exemple.fr`,
      orderDate: todayIso(t.clock.now()),
    });
    const [registration] = await t.db
      .insert(inboxItems)
      .values({
        kind: 'registration',
        name: 'Anne Martin',
        email: `anne${n}@exemple.fr`,
        firstName: 'Anne',
        lastName: 'Martin',
        phone: '0611223344',
      })
      .returning();
    const [intervention] = await t.db
      .insert(interventions)
      .values({
        clientId: order.order.clientId!,
        title: 'Demande d’assistance',
        description: 'Écran noir',
      })
      .returning();
    const [leaving] = await t.db
      .insert(clients)
      .values({ name: 'Paul Durand', email: `paul${n}@exemple.fr` })
      .returning();
    const [erasure] = await t.db
      .insert(inboxItems)
      .values({ kind: 'erasure', name: 'Paul Durand', email: `paul${n}@exemple.fr`, clientId: leaving!.id })
      .returning();
    const [staying] = await t.db
      .insert(clients)
      .values({ name: 'Marc Petit', email: `marc${n}@exemple.fr` })
      .returning();
    const [kept] = await t.db
      .insert(inboxItems)
      .values({ kind: 'erasure', name: 'Marc Petit', email: `marc${n}@exemple.fr`, clientId: staying!.id })
      .returning();
    // Created four years ago, never subscribed: past the account's retention period, an admin may anonymise it.
    const [expired] = await t.db
      .insert(clients)
      .values({ name: 'Jean Ancien', email: `ancien${n}@exemple.fr`, createdAt: new Date('2020-01-15T10:00:00Z') })
      .returning();
    const [refused] = await t.db
      .insert(inboxItems)
      .values({
        kind: 'registration',
        name: 'Léa Moreau',
        email: `lea${n}@exemple.fr`,
        firstName: 'Léa',
        lastName: 'Moreau',
        phone: '0611223344',
      })
      .returning();
    const [failedMail] = await t.db
      .insert(outbox)
      .values({
        key: `access-test-${n}`,
        kind: 'erasure_done',
        recipient: `perdu${n}@exemple.fr`,
        subject: 'Vos données ont été effacées',
        params: { name: 'Perdu' },
        status: 'failed',
        attempts: 11,
        lastError: 'connect ECONNREFUSED',
      })
      .returning();
    const [member] = await t.db
      .insert(staffUsers)
      .values({
        username: `membre${n}`,
        email: `membre${n}@exemple.fr`,
        role: 'admin',
        passwordHash: await hashPassword('inutilise-1234'),
      })
      .returning();
    const [device, refusedDevice] = await t.db
      .insert(devices)
      .values([
        { clientId: order.order.clientId!, deviceType: 'macbook', deviceInfo: 'MacBook Air' },
        { clientId: order.order.clientId!, deviceType: 'windows-pc', deviceInfo: 'PC HP' },
      ])
      .returning();
    const [proof] = await t.db
      .insert(deviceProofs)
      .values({
        deviceId: device!.id,
        name: 'facture.pdf',
        mimeType: 'application/pdf',
        size: 9,
        data: Buffer.from('%PDF-1.7\n'),
      })
      .returning();
    const article = {
      summary: 'Un résumé assez long.',
      body: 'Un texte',
      bodyText: 'Un texte',
      category: 'mac',
    } as const;
    const [draft, doomed] = await t.db
      .insert(helpArticles)
      .values([
        { ...article, slug: `brouillon-${n}`, title: 'Brouillon' },
        { ...article, slug: `a-supprimer-${n}`, title: 'À supprimer' },
      ])
      .returning();
    // A client sharing the screen on a request this member handles: they may join it.
    const [me] = await t.db
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(eq(staffUsers.username, role === 'admin' ? TEST_ADMIN.username : TECHNICIAN.username));
    const [watched] = await t.db
      .insert(interventions)
      .values({ clientId: order.order.clientId!, title: 'Écran partagé', description: 'Aide', assignedStaffId: me!.id })
      .returning();
    const [share] = await t.db
      .insert(screenShares)
      .values({ interventionId: watched!.id, clientId: order.order.clientId! })
      .returning();
    const id = order.id;
    const invoiceId = (order.order as typeof order.order & OrderDocuments).documents[0]!.id;
    return [
      { method: 'GET', url: '/api/admin/session', status: 200 },
      { method: 'POST', url: '/api/admin/unlock', payload: { code: TEST_ADMIN.secretCode }, status: 200 },
      { method: 'GET', url: '/api/admin/manual-orders', status: 200 },
      {
        method: 'POST',
        url: '/api/admin/manual-orders',
        payload: validOrder({ clientEmail: `autre${n}@exemple.fr` }),
        status: 201,
      },
      { method: 'PATCH', url: `/api/admin/manual-orders/${id}`, payload: { notes: 'Rappeler lundi' }, status: 200 },
      { method: 'POST', url: `/api/admin/manual-orders/${id}/credentials`, status: 200 },
      { method: 'GET', url: `/api/admin/manual-orders/${id}/receipt`, status: 200 },
      { method: 'GET', url: `/api/admin/documents/${invoiceId}/pdf`, status: 200 },
      { method: 'POST', url: `/api/admin/manual-orders/${id}/credit-notes`, payload: { amount: '1' }, status: 201 },
      { method: 'GET', url: '/api/admin/credentials/suggest?name=Jean%20Dupont', status: 200 },
      { method: 'GET', url: '/api/admin/users', status: 200 },
      { method: 'POST', url: `/api/admin/clients/${expired!.id}/erase`, status: 200 },
      { method: 'GET', url: '/api/admin/contacts', status: 200 },
      { method: 'PATCH', url: `/api/admin/contacts/${registration!.id}`, payload: { status: 'pending' }, status: 200 },
      { method: 'POST', url: `/api/admin/contacts/${registration!.id}/validate`, status: 200 },
      { method: 'POST', url: `/api/admin/contacts/${erasure!.id}/erase`, status: 200 },
      {
        method: 'POST',
        url: `/api/admin/contacts/${kept!.id}/erasure/refuse`,
        payload: { reason: 'Intervention en cours' },
        status: 200,
      },
      {
        method: 'POST',
        url: `/api/admin/contacts/${refused!.id}/refuse`,
        payload: { reason: 'Zone non desservie' },
        status: 200,
      },
      { method: 'GET', url: '/api/admin/outbox?status=failed', status: 200 },
      { method: 'POST', url: `/api/admin/outbox/${failedMail!.id}/resend`, status: 200 },
      { method: 'GET', url: '/api/admin/stats', status: 200 },
      { method: 'GET', url: '/api/admin/counts', status: 200 },
      { method: 'GET', url: '/api/admin/subscriptions', status: 200 },
      { method: 'GET', url: '/api/admin/interventions', status: 200 },
      { method: 'GET', url: '/api/admin/interventions/response-times', status: 200 },
      { method: 'GET', url: '/api/admin/interventions/ratings', status: 200 },
      { method: 'GET', url: '/api/admin/events', status: 200 },
      // Nobody handles it yet: giving it to nobody changes nothing, and any member may say so.
      {
        method: 'PUT',
        url: `/api/admin/interventions/${intervention!.id}/assignee`,
        payload: { staffId: null },
        status: 200,
      },
      {
        method: 'PATCH',
        url: `/api/admin/interventions/${intervention!.id}`,
        payload: { status: 'in_progress' },
        status: 200,
      },
      { method: 'GET', url: `/api/admin/interventions/${intervention!.id}/messages`, status: 200 },
      {
        method: 'POST',
        url: `/api/admin/interventions/${intervention!.id}/messages`,
        payload: { body: 'Je vous appelle' },
        status: 201,
      },
      { method: 'POST', url: `/api/admin/interventions/${intervention!.id}/messages/read`, status: 200 },
      // No file in this thread: past the role check, the route answers « Fichier introuvable ».
      { method: 'GET', url: '/api/admin/intervention-attachments/999999', status: 404 },
      { method: 'GET', url: '/api/admin/devices?status=to-check', status: 200 },
      {
        method: 'POST',
        url: `/api/admin/devices/${device!.id}/request-proof`,
        payload: { message: 'La facture, svp' },
        status: 200,
      },
      { method: 'POST', url: `/api/admin/devices/${device!.id}/verify`, status: 200 },
      {
        method: 'POST',
        url: `/api/admin/devices/${refusedDevice!.id}/refuse`,
        payload: { reason: 'Facture illisible' },
        status: 200,
      },
      { method: 'GET', url: `/api/admin/device-proofs/${proof!.id}`, status: 200 },
      // Refused just above: the client may not ask help for it, staff may open the request for them.
      {
        method: 'POST',
        url: '/api/admin/interventions',
        status: 201,
        payload: {
          clientId: order.order.clientId!,
          deviceId: refusedDevice!.id,
          description: 'Appel du client : écran noir',
          urgency: 'medium',
        },
      },
      { method: 'GET', url: '/api/admin/screen-shares', status: 200 },
      { method: 'POST', url: `/api/admin/screen-shares/${share!.id}/join`, status: 200 },
      {
        method: 'POST',
        url: `/api/admin/screen-shares/${share!.id}/signal`,
        payload: { kind: 'candidate', peer: 'p', candidate: { candidate: '' } },
        status: 204,
      },
      { method: 'POST', url: `/api/admin/screen-shares/${share!.id}/end`, status: 200 },
      { method: 'GET', url: '/api/admin/device-settings', status: 200 },
      { method: 'PUT', url: '/api/admin/device-settings', payload: { proofRequired: false }, status: 200 },
      { method: 'GET', url: '/api/admin/remote-tools', status: 200 },
      {
        method: 'PUT',
        url: '/api/admin/remote-tools',
        payload: {
          offered: ['rustdesk', 'anydesk', 'teamviewer', 'quick_assist'],
          rustdeskIdServer: '',
          rustdeskKey: '',
        },
        status: 200,
      },
      { method: 'GET', url: '/api/admin/audit?entity=order', status: 200 },
      { method: 'POST', url: '/api/admin/backups', status: 202 },
      { method: 'GET', url: '/api/admin/backups/current', status: 200 },
      // Past the role check, an archive that does not exist answers 404.
      { method: 'GET', url: '/api/admin/backups/999999/download', status: 404 },
      { method: 'POST', url: '/api/admin/download-site', payload: {}, status: 200 },
      { method: 'GET', url: '/api/admin/team', status: 200 },
      {
        method: 'POST',
        url: '/api/admin/team',
        payload: { username: `nouveau${n}`, email: `nouveau${n}@exemple.fr`, role: 'technicien' },
        status: 201,
      },
      { method: 'PATCH', url: `/api/admin/team/${member!.id}`, payload: { role: 'technicien' }, status: 200 },
      { method: 'POST', url: `/api/admin/team/${member!.id}/password-link`, status: 200 },
      { method: 'DELETE', url: `/api/admin/team/${member!.id}/sessions`, status: 200 },
      { method: 'DELETE', url: `/api/admin/team/${member!.id}/two-factor`, status: 200 },
      { method: 'PUT', url: `/api/admin/team/${member!.id}/duty-hours`, payload: { hours: null }, status: 200 },
      { method: 'GET', url: '/api/admin/me/duty-hours', status: 200 },
      { method: 'PUT', url: '/api/admin/me/duty-hours', payload: { hours: null }, status: 200 },
      { method: 'GET', url: '/api/admin/security', status: 200 },
      { method: 'PUT', url: '/api/admin/security', payload: { requireTwoFactor: false }, status: 200 },
      { method: 'GET', url: '/api/admin/me/two-factor', status: 200 },
      {
        method: 'POST',
        url: '/api/admin/me/two-factor/setup',
        payload: { password: role === 'admin' ? TEST_ADMIN.password : TECHNICIAN.password },
        status: 200,
      },
      // Past the role check, a wrong code is refused (400) by each of these.
      { method: 'POST', url: '/api/admin/me/two-factor/confirm', payload: { code: '000000' }, status: 400 },
      { method: 'POST', url: '/api/admin/me/two-factor/recovery-codes', payload: { code: '000000' }, status: 400 },
      { method: 'POST', url: '/api/admin/me/two-factor/disable', payload: { code: '000000' }, status: 400 },
      { method: 'GET', url: '/api/admin/sessions', status: 200 },
      { method: 'DELETE', url: `/api/admin/sessions/${otherSession.id}`, status: 200 },
      { method: 'DELETE', url: '/api/admin/sessions', status: 200 },
      {
        method: 'POST',
        url: '/api/admin/me/password',
        payload: {
          currentPassword: role === 'admin' ? TEST_ADMIN.password : TECHNICIAN.password,
          newPassword: `nouveau-mot-de-passe-${n}`,
        },
        status: 200,
      },
      { method: 'GET', url: '/api/admin/help/articles', status: 200 },
      { method: 'GET', url: `/api/admin/help/articles/${draft!.id}`, status: 200 },
      {
        method: 'POST',
        url: '/api/admin/help/articles',
        payload: {
          title: 'Un nouvel article',
          summary: 'Un résumé de l’article.',
          body: 'Le texte de l’article.',
          category: 'mac',
        },
        status: 201,
      },
      {
        method: 'PATCH',
        url: `/api/admin/help/articles/${draft!.id}`,
        payload: { title: 'Brouillon repris' },
        status: 200,
      },
      { method: 'DELETE', url: `/api/admin/help/articles/${doomed!.id}`, status: 200 },
      { method: 'POST', url: '/api/admin/help/preview', payload: { body: '# Titre' }, status: 200 },
      { method: 'GET', url: '/api/admin/help/failed-searches', status: 200 },
      // Last: it ends the session used by the calls above.
      { method: 'POST', url: '/api/admin/logout', status: 200 },
    ];
  }

  beforeAll(async () => {
    t = await createTestApp();
    table = await routeTable();
    await t.db.insert(staffUsers).values({
      username: TECHNICIAN.username,
      role: 'technicien',
      passwordHash: await hashPassword(TECHNICIAN.password),
    });
    headers.admin = await staffLogin(t);
    headers.technicien = await staffLogin(t, TECHNICIAN);
    calls.technicien = await callsFor('technicien', headers.admin, 1);
    calls.admin = await callsFor('admin', headers.admin, 2);
    headers.client = await clientLogin(t, 'client1', 'motdepasse-client');
  });
  afterAll(async () => t.close());

  it('declares the roles of every staff route, and every route is in the matrix', () => {
    const undeclared = [...table]
      .filter(([route, roles]) => !PUBLIC_ROUTES.includes(route) && !roles?.length)
      .map(([route]) => route);
    expect(undeclared, 'routes without config.roles').toEqual([]);
    const tested = new Set([...calls.admin!.map(routeOf), ...PUBLIC_ROUTES]);
    expect([...table.keys()].sort()).toEqual([...tested].sort());
  });

  it('answers 401 without a session', async () => {
    for (const call of calls.admin!) {
      const res = await t.app.inject({ method: call.method, url: call.url, payload: call.payload });
      expect(res.statusCode, routeOf(call)).toBe(401);
      expect(res.json().message).toBe('Session expirée, veuillez vous reconnecter.');
    }
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/admin/manual-orders',
      headers: { cookie: 'rfs_staff=invente' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('answers 403 to a signed-in client', async () => {
    for (const call of calls.admin!) {
      const res = await t.app.inject({
        method: call.method,
        url: call.url,
        payload: call.payload,
        headers: headers.client,
      });
      expect(res.statusCode, routeOf(call)).toBe(403);
      expect(res.json().message).toBe('Accès réservé au personnel.');
    }
  });

  for (const role of ['technicien', 'admin'] as const) {
    it(`serves a ${role} exactly the routes declared for that role, and 403 in French for the others`, async () => {
      const served: string[] = [];
      if (role === 'technicien') {
        // The subscriptions a technician reads carry plans and dates, never what a customer paid.
        const subscriptions = await t.app.inject({
          method: 'GET',
          url: '/api/admin/subscriptions',
          headers: headers.technicien,
        });
        expect(subscriptions.json().length).toBeGreaterThan(0);
        expect(subscriptions.body).not.toMatch(/"(price|amount|total|revenue|creditCost)"/i);
      }
      for (const call of calls[role]!) {
        const allowed = table.get(routeOf(call))!.includes(role);
        const res = await t.app.inject({
          method: call.method,
          url: call.url,
          payload: call.payload,
          headers: headers[role],
        });
        if (allowed) {
          expect(res.statusCode, `${routeOf(call)}: ${res.body.slice(0, 200)}`).toBe(call.status);
          served.push(routeOf(call));
        } else {
          expect(res.statusCode, routeOf(call)).toBe(403);
          expect(res.json().message).toBe(ROLE_FORBIDDEN);
        }
      }
      if (role === 'technicien') {
        // What a technician's day needs, and nothing of money, customers, the backup, the team or the log.
        expect(served.sort()).toEqual(
          [
            'DELETE /api/admin/sessions',
            'DELETE /api/admin/sessions/:id',
            'GET /api/admin/contacts',
            'GET /api/admin/counts',
            'GET /api/admin/intervention-attachments/:id',
            'GET /api/admin/events',
            'GET /api/admin/interventions',
            'GET /api/admin/interventions/:id/messages',
            'GET /api/admin/interventions/ratings',
            'GET /api/admin/interventions/response-times',
            'GET /api/admin/session',
            'GET /api/admin/sessions',
            'GET /api/admin/subscriptions',
            'PATCH /api/admin/contacts/:id',
            'PATCH /api/admin/interventions/:id',
            'PUT /api/admin/interventions/:id/assignee',
            'POST /api/admin/contacts/:id/refuse',
            'POST /api/admin/contacts/:id/validate',
            'POST /api/admin/interventions/:id/messages',
            'POST /api/admin/interventions/:id/messages/read',
            // devices and their proofs: technicians are the ones who connect to them
            'GET /api/admin/devices',
            'GET /api/admin/device-proofs/:id',
            'GET /api/admin/device-settings',
            // the remote tools offered to clients: they read them, admins choose them
            'GET /api/admin/remote-tools',
            'POST /api/admin/devices/:id/refuse',
            'POST /api/admin/devices/:id/request-proof',
            'POST /api/admin/devices/:id/verify',
            // a request opened on a client's behalf, for one of their devices
            'POST /api/admin/interventions',
            'POST /api/admin/logout',
            'POST /api/admin/me/password',
            // their own working hours (response warnings go to the members on duty)
            'GET /api/admin/me/duty-hours',
            'PUT /api/admin/me/duty-hours',
            // their own two-factor sign-in; never the team's policy nor another member's reset
            'GET /api/admin/me/two-factor',
            'POST /api/admin/me/two-factor/confirm',
            'POST /api/admin/me/two-factor/disable',
            'POST /api/admin/me/two-factor/recovery-codes',
            'POST /api/admin/me/two-factor/setup',
            // help articles: they write drafts (the service keeps publishing to admins), never delete
            'GET /api/admin/help/articles',
            'GET /api/admin/help/articles/:id',
            'POST /api/admin/help/articles',
            'PATCH /api/admin/help/articles/:id',
            'POST /api/admin/help/preview',
            'GET /api/admin/help/failed-searches',
            // the screen a client shares on a request they handle (services/remote/ decides which)
            'GET /api/admin/screen-shares',
            'POST /api/admin/screen-shares/:id/join',
            'POST /api/admin/screen-shares/:id/signal',
            'POST /api/admin/screen-shares/:id/end',
          ].sort(),
        );
      } else {
        expect(served).toHaveLength(calls.admin!.length);
      }
      const after = await t.app.inject({ method: 'GET', url: '/api/admin/session', headers: headers[role] });
      expect(after.statusCode).toBe(401);
    });
  }
});
