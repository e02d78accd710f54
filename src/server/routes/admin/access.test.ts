import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { staffUsers } from '#server/db/schema.ts';
import { hashPassword } from '#server/services/security/passwords.ts';
import type { StaffRole } from '#shared/staff/staff-labels.ts';
import { ROLE_FORBIDDEN } from './roles.ts';
import { clientLogin, staffLogin } from '#server/test/fixtures.ts';
import { routeOf, routeTable, TECHNICIAN, type Call } from './access-fixtures.ts';
import { callsFor } from './access-calls.ts';

/** Routes reachable without a staff session, each with its own tests (auth.test.ts, team.test.ts). */
const PUBLIC_ROUTES = [
  'POST /api/admin/login',
  'POST /api/admin/login/code',
  'POST /api/admin/login/enrol',
  'POST /api/admin/login/enrol/confirm',
  'POST /api/admin/set-password',
];

describe('[ADMIN][ACCESS] role matrix: every /api/admin route × no session, client, technicien, admin', () => {
  let t: TestApp;
  let table: Map<string, readonly StaffRole[] | undefined>;
  const headers: Partial<Record<'client' | StaffRole, Record<string, string>>> = {};
  const calls: Partial<Record<StaffRole, Call[]>> = {};

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
    calls.technicien = await callsFor(t, 'technicien', headers.admin, 1);
    calls.admin = await callsFor(t, 'admin', headers.admin, 2);
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
