import { Readable } from 'node:stream';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { interventionAttachments, interventionMessages } from '#server/db/schema.ts';
import { todayIso } from '#shared/format.ts';
import type { ClientIntervention } from '#shared/interventions/intervention-api.ts';
import {
  attachmentQuotaMessage,
  MESSAGE_BODY_LIMIT,
  MESSAGE_TOO_LARGE,
  type Thread,
} from '#shared/interventions/thread-api.ts';
import { clientLogin, postOrder, staffLogin } from '#server/test/fixtures.ts';

const MB = 1024 * 1024;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A file read as a PNG (its first bytes), of exactly `size` bytes. */
const png = (size: number) => Buffer.concat([PNG_SIGNATURE, Buffer.alloc(size - PNG_SIGNATURE.length, 1)]);
const withFile = (size: number) => ({
  body: 'Voici la capture',
  attachment: { name: 'capture.png', data: png(size).toString('base64') },
});

/**
 * A body that never stops on its own (up to `max` bytes), counting what the server pulled from it: a body refused
 * from its Content-Length is barely touched, one refused while it arrives is read up to the limit.
 */
function endlessBody(max = MESSAGE_BODY_LIMIT + 2 * MB) {
  const chunk = Buffer.alloc(64 * 1024, 0x41);
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

describe('[SECURITY][ATTACHMENTS] a quota per client, and oversized bodies refused before they are read', () => {
  let t: TestApp;
  let staff: Record<string, string>;
  let alice: Record<string, string>;
  /** a client with room left: the size limit, not the quota, answers */
  let bruno: Record<string, string>;
  let request: number;
  let brunoIntervention: number;
  beforeAll(async () => {
    // A quota of 1 MB keeps the files of the test small; the rule is the same at 50.
    t = await createTestApp({ ATTACHMENT_QUOTA_MB: '1' });
    staff = await staffLogin(t);
    await postOrder(t, staff, {
      clientName: 'Alice',
      clientEmail: 'alice@exemple.fr',
      username: 'alice',
      password: 'Azur-Passerelle-2026',
      orderDate: todayIso(),
      plan: 'pro',
    });
    await postOrder(t, staff, {
      clientName: 'Bruno',
      clientEmail: 'bruno@exemple.fr',
      username: 'bruno',
      password: 'Azur-Passerelle-2026',
      orderDate: todayIso(),
      plan: 'pro',
    });
    alice = await clientLogin(t, 'alice', 'Azur-Passerelle-2026');
    bruno = await clientLogin(t, 'bruno', 'Azur-Passerelle-2026');
    const open = async (headers: Record<string, string>) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/client/interventions',
          headers,
          payload: { description: 'Écran bleu', urgency: 'medium', deviceType: 'pc_windows', deviceInfo: 'Lenovo' },
        })
      ).json<ClientIntervention>().id;
    request = await open(alice);
    brunoIntervention = await open(bruno);
  });
  afterAll(async () => t.close());

  const clientUrl = () => `/api/client/interventions/${request}/messages`;
  const staffUrl = () => `/api/admin/interventions/${request}/messages`;
  const stored = async () => ({
    messages: (await t.db.select({ n: count() }).from(interventionMessages))[0]!.n,
    files: (await t.db.select({ n: count() }).from(interventionAttachments))[0]!.n,
  });

  it('takes files up to the quota exactly, refuses one byte more with a French 413 saying what to do, and stores nothing', async () => {
    for (const size of [400 * 1024, 400 * 1024, MB - 800 * 1024]) {
      const res = await t.app.inject({ method: 'POST', url: clientUrl(), headers: alice, payload: withFile(size) });
      expect(res.statusCode, res.body).toBe(201);
    }
    const before = await stored();
    const over = await t.app.inject({
      method: 'POST',
      url: clientUrl(),
      headers: alice,
      payload: withFile(PNG_SIGNATURE.length + 1),
    });
    expect(over.statusCode, over.body).toBe(413);
    expect(over.json()).toMatchObject({ code: 'ATTACHMENT_QUOTA', message: attachmentQuotaMessage(MB, MB) });
    expect(over.json().message).toMatch(/1 Mo sur les 1 Mo.*sans fichier.*contactez-nous/);
    expect(await stored()).toEqual(before);
    // Words still go through.
    const text = await t.app.inject({
      method: 'POST',
      url: clientUrl(),
      headers: alice,
      payload: { body: 'Sans fichier, alors' },
    });
    expect(text.statusCode).toBe(201);
  });

  it('refuses a file from a client at quota before reading the body, from its Content-Length', async () => {
    const before = await stored();
    const body = endlessBody();
    const res = await t.app.inject({
      method: 'POST',
      url: clientUrl(),
      headers: { ...alice, 'content-type': 'application/json', 'content-length': String(2 * MB) },
      payload: body.stream,
    });
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().code).toBe('ATTACHMENT_QUOTA');
    expect(body.pulled()).toBeLessThan(MB);
    expect(await stored()).toEqual(before);
  });

  it('counts the client’s own files only: staff still answer with a screenshot', async () => {
    const res = await t.app.inject({ method: 'POST', url: staffUrl(), headers: staff, payload: withFile(500 * 1024) });
    expect(res.statusCode, res.body).toBe(201);
  });

  for (const side of ['client', 'staff'] as const) {
    it(`refuses a ${side} body whose Content-Length is over the limit with 413 in French, before reading it`, async () => {
      const before = await stored();
      const body = endlessBody();
      const res = await t.app.inject({
        method: 'POST',
        url: side === 'client' ? `/api/client/interventions/${brunoIntervention}/messages` : staffUrl(),
        headers: {
          ...(side === 'client' ? bruno : staff),
          'content-type': 'application/json',
          'content-length': String(MESSAGE_BODY_LIMIT + 1),
        },
        payload: body.stream,
      });
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json().message).toBe(MESSAGE_TOO_LARGE);
      expect(body.pulled()).toBeLessThan(MB);
      expect(await stored()).toEqual(before);
    });

    it(`stops reading a ${side} body sent without a length once it passes the limit: 413 in French`, async () => {
      const before = await stored();
      const body = endlessBody();
      const res = await t.app.inject({
        method: 'POST',
        url: side === 'client' ? `/api/client/interventions/${brunoIntervention}/messages` : staffUrl(),
        headers: {
          ...(side === 'client' ? bruno : staff),
          'content-type': 'application/json',
          'transfer-encoding': 'chunked',
        },
        payload: body.stream,
      });
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json().message).toBe(MESSAGE_TOO_LARGE);
      expect(await stored()).toEqual(before);
    });
  }

  it('still takes a file just under the size limit from staff', async () => {
    const res = await t.app.inject({ method: 'POST', url: staffUrl(), headers: staff, payload: withFile(5 * MB) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Thread>().messages.at(-1)!.attachments[0]!.size).toBe(5 * MB);
  });
});
