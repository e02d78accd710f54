import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN, type TestApp } from '#server/test/harness.ts';
import { auditLog, staffUsers } from '#server/db/schema.ts';
import type { AdminInterventionDto } from '#shared/interventions/intervention-api.ts';
import type { ClientIntervention, UserIntervention } from '#shared/interventions/intervention-api.ts';
import { todayIso } from '#shared/format.ts';
import { clientLogin, newTechnician, postOrder, staffLogin } from '#server/test/fixtures.ts';

const JULIEN = { username: 'julien.tech', password: 'motdepasse-technicien-1' };
const MARC = { username: 'marc.tech', password: 'motdepasse-technicien-2' };
const ask = {
  description: 'Mon imprimante ne répond plus',
  urgency: 'medium',
  deviceType: 'pc_windows',
  deviceInfo: 'HP',
};

describe('[INTERVENTIONS][ASSIGN] who handles an intervention, by role', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let julien: Record<string, string>;
  let marc: Record<string, string>;
  let client: Record<string, string>;
  let julienId: number;
  let marcId: number;

  const newIntervention = async () =>
    (
      await t.app.inject({ method: 'POST', url: '/api/client/interventions', headers: client, payload: ask })
    ).json<ClientIntervention>().id;
  const take = (id: number, headers: Record<string, string>) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/admin/interventions/${id}`,
      headers,
      payload: { status: 'in_progress' },
    });
  const assign = (id: number, headers: Record<string, string>, staffId: number | null) =>
    t.app.inject({ method: 'PUT', url: `/api/admin/interventions/${id}/assignee`, headers, payload: { staffId } });
  const list = async (headers: Record<string, string>, query: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/admin/interventions?${query}&limit=200`, headers }))
      .json<AdminInterventionDto[]>()
      .map((i) => i.id);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffLogin(t);
    ({ id: julienId, headers: julien } = await newTechnician(t, { ...JULIEN, firstName: 'Julien' }));
    ({ id: marcId, headers: marc } = await newTechnician(t, MARC));
    await postOrder(t, admin, {
      clientName: 'Anne Client',
      clientEmail: 'anne@exemple.fr',
      username: 'anne',
      password: 'Azur-Passerelle-2026',
      orderDate: todayIso(),
      plan: 'pro',
    });
    client = await clientLogin(t, 'anne', 'Azur-Passerelle-2026');
  });
  afterAll(async () => t.close());

  it('« Prendre en charge » gives the intervention to whoever clicks, and the client reads their first name', async () => {
    const id = await newIntervention();
    const before = (await t.app.inject({ method: 'GET', url: '/api/client/interventions', headers: client })).json<
      ClientIntervention[]
    >();
    expect(before.find((i) => i.id === id)?.handledBy).toBeNull();

    const res = await take(id, julien);
    expect(res.statusCode, res.body).toBe(200);
    const taken = res.json<AdminInterventionDto>();
    expect(taken.assignee).toEqual({ id: julienId, username: JULIEN.username, firstName: 'Julien' });
    expect(taken.firstResponseAt).not.toBeNull();

    const mine = (await t.app.inject({ method: 'GET', url: '/api/client/interventions', headers: client })).json<
      ClientIntervention[]
    >();
    expect(mine.find((i) => i.id === id)?.handledBy).toBe('Julien');
    const dashboard = (await t.app.inject({ method: 'GET', url: '/api/interventions', headers: client })).json<
      UserIntervention[]
    >();
    expect(dashboard.find((i) => i.id === id)?.handledBy).toBe('Julien');
    // The client never reads a staff username (it is half of a sign-in).
    expect(JSON.stringify(mine)).not.toContain(JULIEN.username);

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'intervention.assign'), eq(auditLog.entityId, String(id))));
    expect(entry).toMatchObject({
      staffUsername: JULIEN.username,
      before: { assignee: null },
      after: { assignee: JULIEN.username },
    });
  });

  it('a member with no first name shows as « l’équipe » to the client', async () => {
    const id = await newIntervention();
    expect((await take(id, marc)).statusCode).toBe(200);
    const mine = (await t.app.inject({ method: 'GET', url: '/api/client/interventions', headers: client })).json<
      ClientIntervention[]
    >();
    expect(mine.find((i) => i.id === id)?.handledBy).toBe('l’équipe');
    // An admin gives Marc a first name in « Équipe »; the client reads it from then on.
    const named = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/team/${marcId}`,
      headers: admin,
      payload: { firstName: ' Marc ' },
    });
    expect(named.json()).toMatchObject({ firstName: 'Marc', role: 'technicien' });
    const again = (await t.app.inject({ method: 'GET', url: '/api/client/interventions', headers: client })).json<
      ClientIntervention[]
    >();
    expect(again.find((i) => i.id === id)?.handledBy).toBe('Marc');
  });

  it('a technician cannot take or reassign an intervention someone else handles; an admin can', async () => {
    const id = await newIntervention();
    expect((await assign(id, julien, julienId)).statusCode).toBe(200);
    // Marc may neither take it over, nor give it away, nor free it.
    for (const res of [
      await assign(id, marc, marcId),
      await assign(id, julien, marcId),
      await assign(id, marc, null),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'ASSIGN_FORBIDDEN' });
    }
    const refused = await take(id, marc);
    expect(refused.statusCode).toBe(403);
    // The refused « Prendre en charge » changed nothing: neither the status nor the clock.
    const [still] = (await t.app.inject({ method: 'GET', url: '/api/admin/interventions?limit=200', headers: admin }))
      .json<AdminInterventionDto[]>()
      .filter((i) => i.id === id);
    expect(still).toMatchObject({ status: 'pending', firstResponseAt: null, assignee: { id: julienId } });

    const moved = await assign(id, admin, marcId);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<AdminInterventionDto>().assignee?.id).toBe(marcId);
    const log = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'intervention.assign'), eq(auditLog.entityId, String(id))));
    expect(log.map((e) => [e.staffUsername, e.before, e.after])).toEqual([
      [JULIEN.username, { assignee: null }, { assignee: JULIEN.username }],
      [TEST_ADMIN.username, { assignee: JULIEN.username }, { assignee: MARC.username }],
    ]);
    expect((await assign(id, admin, null)).json<AdminInterventionDto>().assignee).toBeNull();
  });

  it('a technician closes or cancels only their own request or a free one; an admin any', async () => {
    const patch = (id: number, headers: Record<string, string>, status: string) =>
      t.app.inject({ method: 'PATCH', url: `/api/admin/interventions/${id}`, headers, payload: { status } });
    const julienS = await newIntervention();
    expect((await take(julienS, julien)).statusCode).toBe(200);
    for (const status of ['completed', 'cancelled']) {
      const refused = await patch(julienS, marc, status);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'ASSIGN_FORBIDDEN' });
    }
    // Nothing changed, and the client was asked nothing.
    const [still] = (await t.app.inject({ method: 'GET', url: '/api/admin/interventions?limit=200', headers: admin }))
      .json<AdminInterventionDto[]>()
      .filter((i) => i.id === julienS);
    expect(still).toMatchObject({ status: 'in_progress', assignee: { id: julienId } });
    expect((await patch(julienS, julien, 'completed')).statusCode).toBe(200);

    const free = await newIntervention();
    expect((await patch(free, marc, 'cancelled')).statusCode).toBe(200);
    const adminCloses = await newIntervention();
    expect((await take(adminCloses, julien)).statusCode).toBe(200);
    expect((await patch(adminCloses, admin, 'cancelled')).statusCode).toBe(200);
  });

  it('refuses a disabled or unknown member, a closed intervention and an unknown one', async () => {
    const id = await newIntervention();
    const unknown = await assign(id, admin, 999_999);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'ASSIGNEE_INVALID', fieldErrors: { staffId: [expect.any(String)] } });
    // A number past any member id is the caller's mistake, never a 500 from the database.
    for (const staffId of [2_147_483_648, Number.MAX_SAFE_INTEGER]) {
      const huge = await assign(id, admin, staffId);
      expect(huge.statusCode, huge.body).toBe(400);
      expect(huge.json()).toMatchObject({ fieldErrors: { staffId: ['Membre invalide'] } });
    }
    const [gone] = await t.db
      .insert(staffUsers)
      .values({ username: 'parti', role: 'technicien', passwordHash: 'x', disabledAt: new Date() })
      .returning();
    expect((await assign(id, admin, gone!.id)).statusCode).toBe(400);
    expect((await assign(999_999, admin, null)).statusCode).toBe(404);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/interventions/${id}`,
      headers: admin,
      payload: { status: 'cancelled' },
    });
    expect((await assign(id, admin, julienId)).json()).toMatchObject({ code: 'ALREADY_CLOSED' });
  });

  it('filters « Mes demandes » and « Non attribuées », by due time', async () => {
    const free = await newIntervention();
    const julienS = await newIntervention();
    await take(julienS, julien);
    const mineJ = await list(julien, 'assignee=me&sort=due');
    expect(mineJ).toContain(julienS);
    expect(mineJ).not.toContain(free);
    expect(await list(marc, 'assignee=me')).not.toContain(julienS);
    const unassigned = await list(julien, 'assignee=unassigned&sort=due');
    expect(unassigned).toContain(free);
    expect(unassigned).not.toContain(julienS);
    const all = await list(julien, 'sort=due');
    expect(all).toEqual(expect.arrayContaining([free, julienS]));
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/interventions?assignee=lui', headers: julien });
    expect(bad.statusCode).toBe(400);
  });
});
