import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { clientLogin, multipartFile, postOrder, staffLogin } from '#server/test/fixtures.ts';
import { deviceProofs, liveEvents, outbox } from '#server/db/schema.ts';
import { todayIso } from '#shared/format.ts';
import { PROOFS_AWAITING_MAX, UPLOAD_HEADER, type Device } from '#shared/devices/device-api.ts';

const PASSWORD = 'Azur-Passerelle-2026';
const KB = 1024;
const MB = 1024 * KB;
const png = (bytes: number) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(bytes - 8, 2)]);

/** A body that counts what the server pulled of it: refused from its Content-Length, it is barely read. */
function endlessBody(max = 12 * MB) {
  const chunk = Buffer.alloc(64 * KB, 0x41);
  let pulled = 0;
  const stream = new Readable({
    read() {
      if (pulled >= max) return void this.push(null);
      pulled += chunk.length;
      this.push(chunk);
    },
  });
  return { stream, pulled: () => pulled };
}

describe('[SECURITY][DEVICES] proofs: a quota per client, a few awaiting per device, staff told once per device', () => {
  let t: TestApp;
  let staff: Record<string, string>;
  let trio: Record<string, string>;

  beforeAll(async () => {
    // A quota of 1 MB keeps the files of the test small; the rule is the same at 30.
    t = await createTestApp({ STAFF_EMAIL: 'equipe@exemple.fr', PROOF_QUOTA_MB: '1' });
    staff = await staffLogin(t);
    await postOrder(t, staff, {
      clientName: 'Paul Martin',
      clientEmail: 'paul@exemple.fr',
      username: 'paul',
      password: PASSWORD,
      orderDate: todayIso(t.clock.now()),
      plan: 'famille',
    });
    trio = await clientLogin(t, 'paul', PASSWORD);
  });
  afterAll(async () => t.close());

  const add = async (deviceInfo: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/client/devices',
        headers: trio,
        payload: { deviceType: 'windows-laptop', deviceInfo },
      })
    ).json<Device>();
  const upload = (id: number, bytes: number) => {
    const body = multipartFile('facture.png', png(bytes));
    return t.app.inject({
      method: 'POST',
      url: `/api/client/devices/${id}/proofs`,
      payload: body.payload,
      headers: { ...trio, ...body.headers },
    });
  };
  const unreadUpload = (id: number, declared: number) => {
    const body = endlessBody();
    const res = t.app.inject({
      method: 'POST',
      url: `/api/client/devices/${id}/proofs`,
      payload: body.stream,
      headers: {
        ...trio,
        'content-type': 'multipart/form-data; boundary=----rfs-test-boundary',
        [UPLOAD_HEADER]: '1',
        'content-length': String(declared),
      },
    });
    return { res, pulled: body.pulled };
  };
  const proofsOf = async (id: number) => t.db.select().from(deviceProofs).where(eq(deviceProofs.deviceId, id));

  it(`takes ${PROOFS_AWAITING_MAX} proofs awaiting a decision on one device, then refuses the next unread, in French`, async () => {
    const laptop = await add('Dell Latitude');
    for (let i = 0; i < PROOFS_AWAITING_MAX; i++) expect((await upload(laptop.id, 20 * KB)).statusCode).toBe(201);
    const { res, pulled } = unreadUpload(laptop.id, 200 * KB);
    const refused = await res;
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'PROOFS_AWAITING',
      message: expect.stringMatching(/Attendez sa réponse/),
    });
    expect(pulled()).toBeLessThan(MB);
    expect(await proofsOf(laptop.id)).toHaveLength(PROOFS_AWAITING_MAX);

    // Staff were told once for this device: one e-mail, one live alert, whatever the number of proofs.
    const mails = await t.db.select().from(outbox).where(eq(outbox.kind, 'staff_device_proof'));
    expect(mails).toHaveLength(1);
    const alerts = await t.db.select().from(liveEvents).where(eq(liveEvents.kind, 'device.proof'));
    expect(alerts.filter((a) => a.subjectId === laptop.id)).toHaveLength(1);
  });

  it('refuses a proof past the client’s quota from its Content-Length, before reading it, with a 413 that says what to do', async () => {
    // 3 × 20 KB stored; a second device takes 800 KB, then nothing of 300 KB fits in the 1 MB.
    const pc = await add('PC HP');
    expect((await upload(pc.id, 800 * KB)).statusCode).toBe(201);
    const { res, pulled } = unreadUpload(pc.id, 300 * KB);
    const refused = await res;
    expect(refused.statusCode, refused.body).toBe(413);
    expect(refused.json()).toMatchObject({
      code: 'PROOF_QUOTA',
      message: expect.stringMatching(
        /^Vos justificatifs occupent déjà 0,8 Mo sur les 1 Mo .*envoyez une photo plus légère/,
      ),
    });
    expect(pulled()).toBeLessThan(MB);
    // Sent as a stream (no Content-Length), the same rule holds once the file is read.
    const body = multipartFile('facture.png', png(300 * KB));
    const read = await t.app.inject({
      method: 'POST',
      url: `/api/client/devices/${pc.id}/proofs`,
      payload: Readable.from([body.payload]),
      headers: { ...trio, ...body.headers },
    });
    expect(read.statusCode, read.body).toBe(413);
    expect(read.json()).toMatchObject({ code: 'PROOF_QUOTA' });
    expect(await proofsOf(pc.id)).toHaveLength(1);
    // What fits still goes through.
    expect((await upload(pc.id, 50 * KB)).statusCode).toBe(201);
  });

  it('keeps a refused device’s proofs no longer once it is pending again: the new round starts afresh', async () => {
    const tablet = await add('Surface Go');
    expect((await upload(tablet.id, 10 * KB)).statusCode).toBe(201);
    const refuse = await t.app.inject({
      method: 'POST',
      url: `/api/admin/devices/${tablet.id}/refuse`,
      headers: staff,
      payload: { reason: 'Photo illisible' },
    });
    expect(refuse.statusCode, refuse.body).toBe(200);
    const before = (await proofsOf(tablet.id)).map((p) => p.id);
    expect((await upload(tablet.id, 10 * KB)).json<Device>()).toMatchObject({ status: 'pending' });
    const after = (await proofsOf(tablet.id)).map((p) => p.id);
    expect(after).toHaveLength(1);
    expect(after).not.toContain(before[0]);
    // A new round: staff are told again.
    const mails = await t.db.select({ key: outbox.key }).from(outbox).where(eq(outbox.kind, 'staff_device_proof'));
    expect(mails.filter((m) => m.key.startsWith(`staff-device-proof:${tablet.id}:`))).toHaveLength(2);
  });
});
