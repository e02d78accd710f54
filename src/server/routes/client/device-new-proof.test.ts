import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { clientLogin, multipartFile, postOrder, staffLogin } from '#server/test/fixtures.ts';
import { auditLog, deviceProofs, devices, outbox } from '#server/db/schema.ts';
import { todayIso } from '#shared/format.ts';
import type { AdminDevice, Device } from '#shared/devices/device-api.ts';

const PASSWORD = 'Azur-Passerelle-2026';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 2)]);

describe('[CLIENT][DEVICES] a refused device takes a new proof and goes back to « À vérifier »', () => {
  let t: TestApp;
  let staff: Record<string, string>;
  let duo: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ STAFF_EMAIL: 'equipe@exemple.fr', LOG_LEVEL: 'error' });
    staff = await staffLogin(t);
    await postOrder(t, staff, {
      clientName: 'Sophie Leroy',
      clientEmail: 'sophie@exemple.fr',
      username: 'sophie',
      password: PASSWORD,
      orderDate: todayIso(t.clock.now()),
      plan: 'duo',
    });
    duo = await clientLogin(t, 'sophie', PASSWORD);
  });
  afterAll(async () => t.close());

  const add = async (deviceInfo: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/client/devices',
        headers: duo,
        payload: { deviceType: 'windows-laptop', deviceInfo },
      })
    ).json<Device>();
  const refuse = (id: number, reason: string) =>
    t.app.inject({ method: 'POST', url: `/api/admin/devices/${id}/refuse`, headers: staff, payload: { reason } });
  const upload = (id: number, name = 'nouvelle-facture.png') => {
    const body = multipartFile(name, PNG);
    return t.app.inject({
      method: 'POST',
      url: `/api/client/devices/${id}/proofs`,
      payload: body.payload,
      headers: { ...duo, ...body.headers },
    });
  };
  const askHelp = (deviceId: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/client/interventions',
      headers: duo,
      payload: { description: 'Écran bleu', urgency: 'medium', deviceId },
    });

  it('reopens the refused device with its proof awaited: staff told, refusal kept in the audit log, help after the verification', async () => {
    const laptop = await add('Dell Latitude');
    expect((await refuse(laptop.id, 'La facture est à un autre nom')).statusCode).toBe(200);
    const refusedHelp = await askHelp(laptop.id);
    expect(refusedHelp.json().message).toContain('envoyez un nouveau justificatif depuis « Mes appareils »');

    const sent = await upload(laptop.id);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json<Device>()).toMatchObject({
      id: laptop.id,
      status: 'pending',
      proofRequested: true,
      blocked: true,
      covered: true,
      decidedAt: null,
      refusalReason: 'La facture est à un autre nom',
      proofs: [{ name: 'nouvelle-facture.png' }],
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'device.proof_upload'), eq(auditLog.entityId, String(laptop.id))));
    expect(audit).toMatchObject({
      before: { status: 'refused', refusalReason: 'La facture est à un autre nom', decidedBy: 'staff' },
      after: { status: 'pending', mimeType: 'image/png' },
    });
    const [refusal] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'device.refuse'), eq(auditLog.entityId, String(laptop.id))));
    expect(refusal!.after).toMatchObject({ status: 'refused', reason: 'La facture est à un autre nom' });
    const mails = await t.db
      .select({ kind: outbox.kind, to: outbox.recipient })
      .from(outbox)
      .where(eq(outbox.kind, 'staff_device_proof'));
    expect(mails).toEqual([{ kind: 'staff_device_proof', to: 'equipe@exemple.fr' }]);

    const toCheck = (
      await t.app.inject({ method: 'GET', url: '/api/admin/devices?status=to-check', headers: staff })
    ).json<AdminDevice[]>();
    expect(toCheck.map((d) => d.id)).toEqual([laptop.id]);
    expect((await askHelp(laptop.id)).json().code).toBe('DEVICE_BLOCKED');
    const verified = await t.app.inject({
      method: 'POST',
      url: `/api/admin/devices/${laptop.id}/verify`,
      headers: staff,
    });
    expect(verified.json<AdminDevice>()).toMatchObject({ status: 'verified', refusalReason: null, blocked: false });
    expect((await askHelp(laptop.id)).statusCode).toBe(201);
  });

  it('keeps to the plan: a refused device comes back only if a place is free; retired and verified devices take no proof', async () => {
    // Duo: the verified laptop and a new PC use both places once the tablet is refused.
    const tablet = await add('Surface Go');
    expect((await refuse(tablet.id, 'Photo illisible')).statusCode).toBe(200);
    const pc = await add('PC HP');
    const full = await upload(tablet.id);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: 'DEVICE_LIMIT' });
    expect(full.json().message).toContain('Duo couvre 2 appareils');
    expect(await t.db.select().from(deviceProofs).where(eq(deviceProofs.deviceId, tablet.id))).toEqual([]);
    expect(
      (await t.db.select({ status: devices.status }).from(devices).where(eq(devices.id, tablet.id)))[0]!.status,
    ).toBe('refused');

    expect(
      (await t.app.inject({ method: 'POST', url: `/api/client/devices/${pc.id}/retire`, headers: duo })).statusCode,
    ).toBe(200);
    const retired = await upload(pc.id);
    expect(retired.statusCode).toBe(409);
    expect(retired.json()).toMatchObject({ code: 'DEVICE_DECIDED' });
    expect(retired.json().message).toMatch(/retiré : déclarez-le à nouveau/);
    expect((await upload(tablet.id)).json<Device>()).toMatchObject({ status: 'pending', blocked: true });

    const [verified] = (await t.app.inject({ method: 'GET', url: '/api/client/devices', headers: duo }))
      .json<Device[]>()
      .filter((d) => d.status === 'verified');
    expect((await upload(verified!.id)).json()).toMatchObject({
      code: 'DEVICE_DECIDED',
      message: 'Cet appareil est déjà vérifié : aucun justificatif n’est attendu.',
    });
  });
});
