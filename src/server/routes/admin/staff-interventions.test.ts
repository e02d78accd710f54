import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { clientLogin, postOrder, staffLogin } from '#server/test/fixtures.ts';
import { auditLog, clients, devices, liveEvents, staffUsers } from '#server/db/schema.ts';
import { hashPassword } from '#server/services/security/passwords.ts';
import { todayIso } from '#shared/format.ts';
import type { AdminInterventionDto } from '#shared/interventions/intervention-api.ts';
import type { ClientIntervention } from '#shared/interventions/intervention-api.ts';
import type { AdminDevice, Device } from '#shared/devices/device-api.ts';

const PASSWORD = 'Azur-Passerelle-2026';
const TECHNICIAN = { username: 'tech', password: 'motdepasse-technicien' };

describe("[ADMIN][INTERVENTIONS] staff open an intervention on a client's behalf, for one of their devices", () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let tech: Record<string, string>;
  let client: Record<string, string>;
  let clientId: number;
  let otherClientId: number;
  let ids: Record<'awaited' | 'refused' | 'retired' | 'fine' | 'others', number>;

  beforeAll(async () => {
    t = await createTestApp({ STAFF_EMAIL: 'equipe@exemple.fr', LOG_LEVEL: 'error' });
    admin = await staffLogin(t);
    await t.db.insert(staffUsers).values({
      username: TECHNICIAN.username,
      role: 'technicien',
      passwordHash: await hashPassword(TECHNICIAN.password),
    });
    tech = await staffLogin(t, TECHNICIAN);
    const order = (name: string) =>
      postOrder(t, admin, {
        clientName: name,
        clientEmail: `${name}@exemple.fr`,
        username: name,
        password: PASSWORD,
        orderDate: todayIso(t.clock.now()),
        plan: 'famille',
      });
    clientId = (await order('martin')).order.clientId!;
    otherClientId = (await order('durand')).order.clientId!;
    client = await clientLogin(t, 'martin', PASSWORD);
    const rows = await t.db
      .insert(devices)
      .values([
        {
          clientId,
          deviceType: 'macbook',
          deviceInfo: 'MacBook Air 2020',
          proofRequested: true,
          proofMessage: 'La facture',
        },
        {
          clientId,
          deviceType: 'windows-laptop',
          deviceInfo: 'PC HP',
          status: 'refused',
          refusalReason: 'Facture à un autre nom',
        },
        { clientId, deviceType: 'windows-tablet', deviceInfo: 'Surface Go', status: 'retired', retiredAt: new Date() },
        { clientId, deviceType: 'mac-desktop', deviceInfo: 'iMac', status: 'verified' },
        { clientId: otherClientId, deviceType: 'macbook', deviceInfo: 'MacBook de Durand' },
      ])
      .returning({ id: devices.id });
    const [awaited, refused, retired, fine, others] = rows.map((r) => r.id) as [number, number, number, number, number];
    ids = { awaited, refused, retired, fine, others };
  });
  afterAll(async () => t.close());

  const open = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/admin/interventions', headers, payload });
  const body = (deviceId: number, over: Record<string, unknown> = {}) => ({
    clientId,
    deviceId,
    description: 'Le client appelle : écran noir au démarrage',
    urgency: 'high',
    ...over,
  });

  it("opens an intervention for a device whose proof is awaited: audited, live for staff and the client, in the client's list", async () => {
    // The client cannot, while the proof is awaited.
    const byClient = await t.app.inject({
      method: 'POST',
      url: '/api/client/interventions',
      headers: client,
      payload: { description: 'Écran noir', urgency: 'high', deviceId: ids.awaited },
    });
    expect(byClient.json().code).toBe('DEVICE_BLOCKED');

    const res = await open(tech, body(ids.awaited));
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<AdminInterventionDto>();
    expect(created).toMatchObject({
      clientId,
      deviceId: ids.awaited,
      deviceType: 'mac',
      deviceInfo: 'MacBook Air 2020',
      urgency: 'high',
      status: 'pending',
      title: "Demande d'assistance",
      description: 'Le client appelle : écran noir au démarrage',
      plan: 'famille',
    });
    expect(created.dueAt).not.toBeNull();

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'intervention.create'), eq(auditLog.entityId, String(created.id))));
    expect(audit).toMatchObject({
      staffUsername: 'tech',
      entity: 'intervention',
      after: { clientId, deviceId: ids.awaited, deviceStatus: 'pending' },
    });
    const events = await t.db.select().from(liveEvents).where(eq(liveEvents.interventionId, created.id));
    expect(events).toMatchObject([
      {
        kind: 'intervention.created',
        clientId,
        staffText: `Nouvelle demande #${created.id} de martin, ouverte par tech`,
        clientText: `Notre équipe a ouvert pour vous la demande #${created.id}`,
      },
    ]);

    const mine = (await t.app.inject({ method: 'GET', url: '/api/client/interventions', headers: client })).json<
      ClientIntervention[]
    >();
    expect(mine.map((i) => i.id)).toContain(created.id);
    const listed = (
      await t.app.inject({ method: 'GET', url: `/api/admin/interventions?clientId=${clientId}`, headers: admin })
    ).json<AdminInterventionDto[]>();
    expect(listed.find((i) => i.id === created.id)).toMatchObject({ deviceId: ids.awaited });
  });

  it('opens one for a refused device too, which the client cannot', async () => {
    const res = await open(admin, body(ids.refused, { urgency: 'low' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<AdminInterventionDto>()).toMatchObject({
      deviceId: ids.refused,
      deviceInfo: 'PC HP',
      urgency: 'low',
    });
    expect((await open(admin, body(ids.fine))).statusCode).toBe(201);
  });

  it("refuses a retired device, another client's device, an unknown client and a client without a running plan, in French", async () => {
    const retired = await open(tech, body(ids.retired));
    expect(retired.statusCode).toBe(409);
    expect(retired.json()).toMatchObject({ code: 'DEVICE_NOT_IN_USE', fieldErrors: { deviceId: ['Appareil retiré'] } });
    expect(retired.json().message).toMatch(/retiré : choisissez un appareil en service/);

    const others = await open(tech, body(ids.others));
    expect(others.statusCode).toBe(404);
    expect(others.json().message).toBe('Cet appareil n’est pas à ce client : choisissez un de ses appareils.');
    expect((await open(tech, body(ids.others, { clientId: 999_999 }))).json()).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Client introuvable : rechargez la fiche du client.',
    });

    const [lapsed] = await t.db
      .insert(clients)
      .values({ name: 'Ancien client', email: 'ancien@exemple.fr' })
      .returning();
    const [device] = await t.db
      .insert(devices)
      .values({ clientId: lapsed!.id, deviceType: 'macbook', deviceInfo: 'MacBook' })
      .returning();
    const noPlan = await open(tech, body(device!.id, { clientId: lapsed!.id }));
    expect(noPlan.statusCode).toBe(409);
    expect(noPlan.json()).toMatchObject({ code: 'CLIENT_WITHOUT_SUBSCRIPTION' });
    expect(noPlan.json().message).toMatch(/pas d’abonnement en cours : enregistrez d’abord sa commande/);
  });

  it("marks the devices beyond the plan's cap « hors formule » in the back-office, and on the interventions naming them", async () => {
    const duo = await postOrder(t, admin, {
      clientName: 'Paul Petit',
      clientEmail: 'petit@exemple.fr',
      username: 'petit',
      password: PASSWORD,
      orderDate: todayIso(t.clock.now()),
      plan: 'duo',
    });
    const petitId = duo.order.clientId!;
    // Three devices in use for a plan that covers two (left from a famille plan): the newest is « hors formule ».
    const day = (n: number) => new Date(t.clock.now().getTime() - n * 86_400_000);
    const [, , newest] = await t.db
      .insert(devices)
      .values([
        {
          clientId: petitId,
          deviceType: 'windows-pc',
          deviceInfo: 'PC du salon',
          createdAt: day(30),
          status: 'verified',
        },
        { clientId: petitId, deviceType: 'macbook', deviceInfo: 'MacBook Air', createdAt: day(20) },
        { clientId: petitId, deviceType: 'windows-tablet', deviceInfo: 'Surface Go', createdAt: day(10) },
      ])
      .returning();
    const seen = (
      await t.app.inject({ method: 'GET', url: `/api/admin/devices?clientId=${petitId}`, headers: tech })
    ).json<AdminDevice[]>();
    expect(Object.fromEntries(seen.map((d) => [d.deviceInfo, d.covered]))).toEqual({
      'PC du salon': true,
      'MacBook Air': true,
      'Surface Go': false,
    });
    // What the client reads is the same rule's answer.
    const petit = await clientLogin(t, 'petit', PASSWORD);
    const own = (await t.app.inject({ method: 'GET', url: '/api/client/devices', headers: petit })).json<Device[]>();
    expect(own.map((d) => [d.deviceInfo, d.covered])).toEqual(seen.map((d) => [d.deviceInfo, d.covered]).reverse());
    const byClient = await t.app.inject({
      method: 'POST',
      url: '/api/client/interventions',
      headers: petit,
      payload: { description: 'Tablette bloquée', urgency: 'low', deviceId: newest!.id },
    });
    expect(byClient.json().code).toBe('DEVICE_NOT_COVERED');

    const opened = await open(tech, body(newest!.id, { clientId: petitId }));
    expect(opened.statusCode, opened.body).toBe(201);
    expect(opened.json<AdminInterventionDto>().deviceState).toEqual({
      status: 'pending',
      covered: false,
      blocked: false,
    });
    const listed = (await t.app.inject({ method: 'GET', url: '/api/admin/interventions', headers: tech })).json<
      AdminInterventionDto[]
    >();
    expect(listed.find((i) => i.id === opened.json<AdminInterventionDto>().id)!.deviceState).toEqual({
      status: 'pending',
      covered: false,
      blocked: false,
    });
    expect(listed.find((i) => i.deviceId === ids.awaited)!.deviceState).toEqual({
      status: 'pending',
      covered: true,
      blocked: true,
    });
    expect(listed.find((i) => i.deviceId === ids.refused)!.deviceState).toEqual({
      status: 'refused',
      covered: false,
      blocked: true,
    });

    // The client covers the tablet: the MacBook is now the one left out, on every request naming it too.
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/client/devices/${newest!.id}/cover`, headers: petit }))
        .statusCode,
    ).toBe(200);
    const after = (
      await t.app.inject({ method: 'GET', url: `/api/admin/interventions?clientId=${petitId}`, headers: tech })
    ).json<AdminInterventionDto[]>();
    expect(after[0]!.deviceState).toMatchObject({ covered: true });
    const devicesAfter = (
      await t.app.inject({ method: 'GET', url: `/api/admin/devices?clientId=${petitId}`, headers: tech })
    ).json<AdminDevice[]>();
    expect(devicesAfter.find((d) => d.deviceInfo === 'MacBook Air')!.covered).toBe(false);
  });

  it('checks the body with the shared schema: French messages per field, nothing created', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/admin/interventions', headers: admin })).headers[
      'x-total-count'
    ];
    const res = await open(tech, { clientId: 'abc', deviceId: null, description: '   ', urgency: 'demain' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toMatchObject({
      clientId: ['Client invalide'],
      deviceId: ['Choisissez l’appareil concerné'],
      description: ['Veuillez remplir tous les champs'],
    });
    const after = (await t.app.inject({ method: 'GET', url: '/api/admin/interventions', headers: admin })).headers[
      'x-total-count'
    ];
    expect(after).toBe(before);
    expect((await open(client, body(ids.fine))).statusCode).toBe(403);
  });
});
