import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deviceProofs, devices, inboxItems, outbox } from '#server/db/schema.ts';
import { DEVICE_BLOCKED_MESSAGE, UPLOAD_HEADER, type AdminDevice, type Device } from '#shared/devices/device-api.ts';
import type { ClientIntervention } from '#shared/interventions/intervention-api.ts';
import { multipartFile } from '#server/test/fixtures.ts';
import { purgeDeviceProofs } from '#server/services/devices/proofs.ts';
import { devicesTestApp, PNG } from './devices-fixtures.ts';

describe('[CLIENT][DEVICES] devices covered by the plan, proofs of ownership, assistance keyed to devices', () => {
  const { t, staff, famille, duo, other, add, list, upload, askHelp } = devicesTestApp();

  it('caps the devices in use by the plan: duo takes a 2nd, refuses a 3rd until one is retired', async () => {
    expect((await add(duo, 'Dell Inspiron 15')).statusCode).toBe(201);
    const second = await add(duo, 'MacBook Air 2020', 'macbook');
    expect(second.statusCode, second.body).toBe(201);
    const third = await add(duo, 'iMac 24 pouces', 'mac-desktop');
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({ code: 'DEVICE_LIMIT' });
    expect(third.json().message).toContain('Duo couvre 2 appareils');
    expect(third.json().message).toMatch(/Retirez.*formule/);

    const retired = await t.app.inject({
      method: 'POST',
      url: `/api/client/devices/${second.json<Device>().id}/retire`,
      headers: duo,
    });
    expect(retired.json<Device>().status).toBe('retired');
    expect((await add(duo, 'iMac 24 pouces', 'mac-desktop')).statusCode).toBe(201);
    const mine = await list(duo);
    expect(mine.map((d) => d.status)).toEqual(['pending', 'pending', 'retired']);
  });

  it("keeps each client to their own devices and proofs: 404 for another client's, proofs served to staff only", async () => {
    const [device] = await list(duo);
    expect(await list(other)).toEqual([]);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/client/devices/${device!.id}/retire`, headers: other }))
        .statusCode,
    ).toBe(404);
    expect((await upload(other, device!.id, 'facture.png', PNG)).statusCode).toBe(404);
    expect((await askHelp(other, device!.id)).statusCode).toBe(404);

    const sent = await upload(duo, device!.id, 'facture.png', PNG);
    expect(sent.statusCode, sent.body).toBe(201);
    const proofId = sent.json<Device>().proofs[0]!.id;
    const asClient = await t.app.inject({ method: 'GET', url: `/api/admin/device-proofs/${proofId}`, headers: duo });
    expect(asClient.statusCode).toBe(403);
    const asStaff = await t.app.inject({ method: 'GET', url: `/api/admin/device-proofs/${proofId}`, headers: staff });
    expect(asStaff.statusCode).toBe(200);
    expect(asStaff.headers['content-type']).toBe('image/png');
    expect(asStaff.headers['content-disposition']).toMatch(/^attachment;/);
    expect(asStaff.headers['x-content-type-options']).toBe('nosniff');
    expect(asStaff.rawPayload.equals(PNG)).toBe(true);
  });

  it("reads a proof's type from its content: a script named facture.pdf is refused, so is an upload without the header", async () => {
    const [device] = await list(duo);
    const script = await upload(duo, device!.id, 'facture.pdf', Buffer.from('<script>alert(1)</script>'));
    expect(script.statusCode).toBe(415);
    expect(script.json().code).toBe('ATTACHMENT_TYPE');
    const empty = await upload(duo, device!.id, 'photo.jpg', Buffer.alloc(0));
    expect(empty.statusCode, empty.body).toBe(400);
    expect(empty.json().message).toBe(
      'Ce fichier est vide : choisissez à nouveau la photo ou le PDF de votre facture.',
    );
    const pdf = await upload(duo, device!.id, 'scan.bin', Buffer.from('%PDF-1.7\n1 0 obj\n'));
    expect(pdf.statusCode).toBe(201);
    expect(pdf.json<Device>().proofs.map((p) => p.name)).toEqual(['facture.png', 'scan.bin']);
    const body = multipartFile('facture.png', PNG);
    const noHeader = await t.app.inject({
      method: 'POST',
      url: `/api/client/devices/${device!.id}/proofs`,
      payload: body.payload,
      headers: { ...duo, 'content-type': body.headers['content-type'] },
    });
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().code).toBe('UPLOAD_HEADER');
    // A body that is not the page's form (no boundary, cut short, a plain field first): a French 400, nothing kept.
    const proofs = async () => (await list(duo)).find((d) => d.id === device!.id)!.proofs.length;
    const kept = await proofs();
    const part = (headers: string) => `--limite\r\nContent-Disposition: form-data; ${headers}\r\n\r\n`;
    for (const [contentType, payload] of [
      ['multipart/form-data', 'sans limite'],
      ['multipart/form-data; boundary=limite', `${part('name="file"; filename="a.png"')}\x89PNG`],
      ['multipart/form-data; boundary=limite', `${part('name="note"')}bonjour\r\n--limite--\r\n`],
    ]) {
      const malformed = await t.app.inject({
        method: 'POST',
        url: `/api/client/devices/${device!.id}/proofs`,
        payload,
        headers: { ...duo, 'content-type': contentType, [UPLOAD_HEADER]: '1' },
      });
      expect(malformed.statusCode, `${contentType} ${malformed.body}`).toBe(400);
      expect(malformed.json().message).toBe('Choisissez une photo ou un PDF à envoyer.');
    }
    // Two files in one upload: refused whole, neither kept.
    const png = PNG.toString('latin1');
    const twoFiles = await t.app.inject({
      method: 'POST',
      url: `/api/client/devices/${device!.id}/proofs`,
      payload: Buffer.from(
        `${part('name="file"; filename="a.png"')}${png}\r\n${part('name="file"; filename="b.png"')}${png}\r\n--limite--\r\n`,
        'latin1',
      ),
      headers: { ...duo, 'content-type': 'multipart/form-data; boundary=limite', [UPLOAD_HEADER]: '1' },
    });
    expect(twoFiles.statusCode, twoFiles.body).toBe(400);
    expect(twoFiles.json().message).toBe('Envoyez un seul fichier à la fois : une photo ou un PDF par envoi.');
    expect(await proofs()).toBe(kept);
    // A JSON body never reaches the multipart parser of another route.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/client/devices',
          headers: { ...duo, ...body.headers },
          payload: body.payload,
        })
      ).statusCode,
    ).toBe(415);
  });

  it('blocks assistance on a device whose proof is asked, releases it once verified, e-mails each step', async () => {
    const laptop = (await add(famille, 'Lenovo ThinkPad')).json<Device>();
    expect((await askHelp(famille, laptop.id)).statusCode).toBe(201);

    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/admin/devices/${laptop.id}/request-proof`,
      headers: staff,
      payload: { message: 'Une photo de la facture, s’il vous plaît' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const blocked = await askHelp(famille, laptop.id);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().code).toBe('DEVICE_BLOCKED');
    expect(blocked.json().message).toContain(DEVICE_BLOCKED_MESSAGE);
    expect(blocked.json().message).toContain('Mes appareils');
    const [seen] = await list(famille);
    expect(seen).toMatchObject({
      proofRequested: true,
      blocked: true,
      proofMessage: 'Une photo de la facture, s’il vous plaît',
    });

    expect(
      (await upload(famille, laptop.id, 'facture.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]))).statusCode,
    ).toBe(201);
    const toCheckRes = await t.app.inject({ method: 'GET', url: '/api/admin/devices?status=to-check', headers: staff });
    expect(toCheckRes.statusCode, toCheckRes.body).toBe(200);
    const toCheck = toCheckRes.json<AdminDevice[]>();
    expect(toCheck.map((d) => d.id)).toContain(laptop.id);
    const verified = await t.app.inject({
      method: 'POST',
      url: `/api/admin/devices/${laptop.id}/verify`,
      headers: staff,
    });
    expect(verified.json<AdminDevice>()).toMatchObject({ status: 'verified', blocked: false, decidedBy: 'staff' });

    const help = await askHelp(famille, laptop.id);
    expect(help.statusCode, help.body).toBe(201);
    expect(help.json<ClientIntervention>()).toMatchObject({ deviceType: 'laptop', deviceInfo: 'Lenovo ThinkPad' });

    const kinds = (await t.db.select({ kind: outbox.kind, to: outbox.recipient }).from(outbox)).filter((m) =>
      m.kind.includes('device'),
    );
    expect(kinds).toEqual(
      expect.arrayContaining([
        { kind: 'device_proof_requested', to: 'famille@exemple.fr' },
        { kind: 'staff_device_proof', to: 'equipe@exemple.fr' },
        { kind: 'device_verified', to: 'famille@exemple.fr' },
      ]),
    );
  });

  it('keeps a refused device blocked with what to do next, and an over-cap famille still gets its third device', async () => {
    const tablet = (await add(famille, 'Surface Go', 'windows-tablet')).json<Device>();
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/admin/devices/${tablet.id}/refuse`,
      headers: staff,
      payload: { reason: 'La facture est à un autre nom' },
    });
    expect(refused.json<AdminDevice>()).toMatchObject({
      status: 'refused',
      refusalReason: 'La facture est à un autre nom',
    });
    const blocked = await askHelp(famille, tablet.id);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toMatch(/refusé : envoyez un nouveau justificatif depuis « Mes appareils »/);
    // Refused devices free their place: famille (3) has the laptop in use and room for two more.
    expect((await add(famille, 'PC de bureau HP')).statusCode).toBe(201);
    expect((await add(famille, 'iMac', 'mac-desktop')).statusCode).toBe(201);
    expect((await add(famille, 'Un de trop')).statusCode).toBe(409);
  });

  it('deletes proofs 30 days after the decision, keeping the decision itself', async () => {
    const verified = (
      await t.app.inject({ method: 'GET', url: '/api/admin/devices?status=verified', headers: staff })
    ).json<AdminDevice[]>();
    const device = verified[0]!;
    expect(device.proofs.length).toBeGreaterThan(0);
    const decidedAt = new Date(device.decidedAt!);
    expect(await purgeDeviceProofs(t.db, new Date(decidedAt.getTime() + 29 * 86_400_000))).toBe(0);
    expect(await purgeDeviceProofs(t.db, new Date(decidedAt.getTime() + 31 * 86_400_000))).toBeGreaterThan(0);
    expect(await t.db.select().from(deviceProofs).where(eq(deviceProofs.deviceId, device.id))).toEqual([]);
    const [kept] = await t.db.select().from(devices).where(eq(devices.id, device.id));
    expect(kept).toMatchObject({ status: 'verified', decidedBy: 'staff' });
    // A device still waiting keeps its proofs however old they are.
    const waiting = (await list(duo))[0]!;
    expect(await purgeDeviceProofs(t.db, new Date(Date.now() + 365 * 86_400_000))).toBe(0);
    expect((await list(duo))[0]!.proofs).toEqual(waiting.proofs);
  });

  it('asks a proof of every new device once an admin requires it, and blocks help on it until verified', async () => {
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/device-settings',
      headers: staff,
      payload: { proofRequired: true },
    });
    expect(set.json()).toEqual({ proofRequired: true });
    const added = await add(other, 'Acer Aspire 5');
    expect(added.json<Device>()).toMatchObject({ status: 'pending', proofRequested: true, blocked: true });
    expect((await askHelp(other, added.json<Device>().id)).json().code).toBe('DEVICE_BLOCKED');
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/device-settings',
      headers: staff,
      payload: { proofRequired: false },
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/client/devices/${added.json<Device>().id}/retire`,
      headers: other,
    });
    expect((await add(other, 'Acer Swift 3')).json<Device>()).toMatchObject({ proofRequested: false, blocked: false });
  });

  it("turns a validated registration's device into the account's first device, and erasure removes the proofs", async () => {
    const [registration] = await t.db
      .insert(inboxItems)
      .values({
        kind: 'registration',
        name: 'Lucie Bernard',
        email: 'lucie@exemple.fr',
        firstName: 'Lucie',
        lastName: 'Bernard',
        phone: '0611223344',
        planId: 'pro',
        deviceType: 'macbook',
        deviceInfo: 'MacBook Pro 14 pouces',
      })
      .returning();
    const validated = await t.app.inject({
      method: 'POST',
      url: `/api/admin/contacts/${registration!.id}/validate`,
      headers: staff,
    });
    expect(validated.statusCode, validated.body).toBe(200);
    const clientId = validated.json<{ clientId: number }>().clientId;
    const own = (
      await t.app.inject({ method: 'GET', url: `/api/admin/devices?clientId=${clientId}`, headers: staff })
    ).json<AdminDevice[]>();
    expect(own).toMatchObject([{ deviceType: 'macbook', deviceInfo: 'MacBook Pro 14 pouces', status: 'pending' }]);

    const duoDevices = await list(duo);
    const duoClientId = (
      await t.db.select({ clientId: devices.clientId }).from(devices).where(eq(devices.id, duoDevices[0]!.id))
    )[0]!.clientId;
    const [erasure] = await t.db
      .insert(inboxItems)
      .values({ kind: 'erasure', name: 'duo', email: 'duo@exemple.fr', clientId: duoClientId })
      .returning();
    const erased = await t.app.inject({
      method: 'POST',
      url: `/api/admin/contacts/${erasure!.id}/erase`,
      headers: staff,
    });
    expect(erased.statusCode, erased.body).toBe(200);
    const left = await t.db.select().from(devices).where(eq(devices.clientId, duoClientId));
    expect(left.every((d) => d.deviceInfo === '')).toBe(true);
    for (const d of left)
      expect(await t.db.select().from(deviceProofs).where(eq(deviceProofs.deviceId, d.id))).toEqual([]);
  });

  it('answers 400 to a client number past any id in the staff list, never a 500', async () => {
    for (const clientId of ['2147483648', '9007199254740991']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/devices?clientId=${clientId}`, headers: staff });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ fieldErrors: { clientId: ['Client invalide'] } });
    }
  });
});
