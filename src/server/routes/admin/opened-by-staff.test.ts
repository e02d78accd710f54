import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { clientLogin, postOrder, staffLogin } from '#server/test/fixtures.ts';
import { devices, staffUsers } from '#server/db/schema.ts';
import { hashPassword } from '#server/services/security/passwords.ts';
import { todayIso } from '#shared/format.ts';
import type { AdminInterventionDto } from '#shared/interventions/intervention-api.ts';
import type { StaffSession } from '#shared/staff/staff-api.ts';
import type { ClientIntervention, UserIntervention } from '#shared/interventions/intervention-api.ts';
import type { LiveEvent } from '#shared/live/live-api.ts';

const PASSWORD = 'Azur-Passerelle-2026';
const TECHNICIAN = { username: 'tech.julien', password: 'motdepasse-technicien' };

describe('[ADMIN][INTERVENTIONS] an intervention staff open says so, and its opener is not alerted of it', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let tech: Record<string, string>;
  let client: Record<string, string>;
  let clientId: number;
  let techId: number;
  let deviceId: number;

  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'error' });
    admin = await staffLogin(t);
    const [row] = await t.db
      .insert(staffUsers)
      .values({
        username: TECHNICIAN.username,
        role: 'technicien',
        passwordHash: await hashPassword(TECHNICIAN.password),
      })
      .returning();
    techId = row!.id;
    tech = await staffLogin(t, TECHNICIAN);
    clientId = (
      await postOrder(t, admin, {
        clientName: 'Martin',
        clientEmail: 'martin@exemple.fr',
        username: 'martin',
        password: PASSWORD,
        orderDate: todayIso(t.clock.now()),
        plan: 'famille',
      })
    ).order.clientId!;
    client = await clientLogin(t, 'martin', PASSWORD);
    const [device] = await t.db
      .insert(devices)
      .values({ clientId, deviceType: 'mac-desktop', deviceInfo: 'iMac', status: 'verified' })
      .returning();
    deviceId = device!.id;
  });
  afterAll(async () => t.close());

  const openForClient = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/interventions',
      headers: tech,
      payload: { clientId, deviceId, description: 'Appel : plus de son', urgency: 'medium' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<AdminInterventionDto>();
  };
  const clientLists = async (id: number) => ({
    area: (await t.app.inject({ method: 'GET', url: '/api/client/interventions', headers: client }))
      .json<ClientIntervention[]>()
      .find((i) => i.id === id)!,
    dashboard: (await t.app.inject({ method: 'GET', url: '/api/interventions', headers: client }))
      .json<UserIntervention[]>()
      .find((i) => i.id === id)!,
  });

  it('stores who opened it: staff read the member, the client « l’équipe » or the member’s first name', async () => {
    const created = await openForClient();
    expect(created.openedBy).toEqual({ id: techId, username: TECHNICIAN.username, firstName: null });
    let seen = await clientLists(created.id);
    expect([seen.area.openedBy, seen.dashboard.openedBy]).toEqual(['l’équipe', 'l’équipe']);
    // Never the username: it opens half of a sign-in.
    expect(JSON.stringify(seen)).not.toContain(TECHNICIAN.username);

    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/team/${techId}`,
      headers: admin,
      payload: { firstName: 'Julien' },
    });
    seen = await clientLists(created.id);
    expect([seen.area.openedBy, seen.dashboard.openedBy]).toEqual(['Julien', 'Julien']);
    const listed = (
      await t.app.inject({ method: 'GET', url: `/api/admin/interventions?clientId=${clientId}`, headers: admin })
    ).json<AdminInterventionDto[]>();
    expect(listed.find((i) => i.id === created.id)!.openedBy).toEqual({
      id: techId,
      username: TECHNICIAN.username,
      firstName: 'Julien',
    });
  });

  it('an intervention the client sent names no opener', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client/interventions',
      headers: client,
      payload: { deviceId, description: 'Écran noir', urgency: 'medium' },
    });
    const { id } = res.json<ClientIntervention>();
    expect(res.json<ClientIntervention>().openedBy).toBeNull();
    expect((await clientLists(id)).area.openedBy).toBeNull();
    const listed = (
      await t.app.inject({ method: 'GET', url: `/api/admin/interventions?clientId=${clientId}`, headers: admin })
    ).json<AdminInterventionDto[]>();
    expect(listed.find((i) => i.id === id)!.openedBy).toBeNull();
  });

  it('live events name the member who caused them to staff (the live bar skips their own), never to the client', async () => {
    const session = (
      await t.app.inject({ method: 'GET', url: '/api/admin/session', headers: tech })
    ).json<StaffSession>();
    expect(session.id).toBe(techId);
    const created = await openForClient();
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/interventions/${created.id}`,
      headers: admin,
      payload: { status: 'in_progress' },
    });
    const adminId = (
      await t.app.inject({ method: 'GET', url: '/api/admin/session', headers: admin })
    ).json<StaffSession>().id;

    const staffSees = (
      await t.app.inject({ method: 'GET', url: '/api/admin/events', headers: { ...tech, 'last-event-id': '0' } })
    )
      .json<LiveEvent[]>()
      .filter((e) => e.interventionId === created.id);
    expect(staffSees.map((e) => [e.kind, e.actorId])).toEqual([
      ['intervention.created', techId],
      ['intervention.assigned', adminId],
      ['intervention.status', adminId],
    ]);
    const clientSees = (
      await t.app.inject({ method: 'GET', url: '/api/client/events', headers: { ...client, 'last-event-id': '0' } })
    )
      .json<LiveEvent[]>()
      .filter((e) => e.interventionId === created.id);
    expect(clientSees.map((e) => e.kind)).toEqual([
      'intervention.created',
      'intervention.assigned',
      'intervention.status',
    ]);
    for (const event of clientSees) expect(event).not.toHaveProperty('actorId');

    // A client's own request has no staff behind it.
    await t.app.inject({
      method: 'POST',
      url: '/api/client/interventions',
      headers: client,
      payload: { deviceId, description: 'Wi-Fi', urgency: 'low' },
    });
    const last = (
      await t.app.inject({ method: 'GET', url: '/api/admin/events', headers: { ...tech, 'last-event-id': '0' } })
    )
      .json<LiveEvent[]>()
      .at(-1)!;
    expect(last).toMatchObject({ kind: 'intervention.created', actorId: null });
  });
});
