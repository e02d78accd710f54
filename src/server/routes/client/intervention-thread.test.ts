import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { interventionMessages, outbox } from '#server/db/schema.ts';
import type { AdminInterventionDto } from '#shared/interventions/intervention-api.ts';
import type { ClientIntervention } from '#shared/interventions/intervention-api.ts';
import {
  ATTACHMENT_BAD_TYPE,
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TOO_BIG,
  THREAD_CLOSED,
  THREAD_CLOSED_FOR_STAFF,
  type Thread,
} from '#shared/interventions/thread-api.ts';
import { RATE_LIMITS } from '#server/rate-limits.ts';
import { newClient, staffTestApp } from '#server/test/fixtures.ts';

const request = {
  description: 'Écran bleu au démarrage',
  urgency: 'medium',
  deviceType: 'pc_windows',
  deviceInfo: 'Lenovo',
};

describe('[INTERVENTIONS][THREAD] the conversation on an intervention', () => {
  const { t, staff } = staffTestApp({ STAFF_EMAIL: 'equipe@exemple.fr' });
  let alice: Record<string, string>;
  let bruno: Record<string, string>;
  let aliceIntervention: number;
  beforeAll(async () => {
    alice = (await newClient(t, staff, 'alice', { plan: 'pro' })).headers;
    bruno = (await newClient(t, staff, 'bruno', { plan: 'famille' })).headers;
    aliceIntervention = (
      await t.app.inject({ method: 'POST', url: '/api/client/interventions', headers: alice, payload: request })
    ).json<ClientIntervention>().id;
  });

  const mailsTo = async (to: string, kind: 'intervention_message' | 'staff_intervention_message') =>
    (await t.db.select().from(outbox).where(eq(outbox.recipient, to))).filter((m) => m.kind === kind);

  it('lets the client write, tells staff by e-mail, and staff read it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/client/interventions/${aliceIntervention}/messages`,
      headers: alice,
      payload: { body: '  Le code d’erreur est 0x0000007B  ' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Thread>().messages).toMatchObject([{ author: 'client', body: 'Le code d’erreur est 0x0000007B' }]);
    const staffMails = await mailsTo('equipe@exemple.fr', 'staff_intervention_message');
    expect(staffMails).toHaveLength(1);
    expect(staffMails[0]!.subject).toBe(`Message de Client alice sur l’intervention n° ${aliceIntervention}`);

    const thread = (
      await t.app.inject({
        method: 'GET',
        url: `/api/admin/interventions/${aliceIntervention}/messages`,
        headers: staff,
      })
    ).json<Thread>();
    expect(thread.messages.map((m) => m.body)).toEqual(['Le code d’erreur est 0x0000007B']);
    // Writing is reading: the client has read the thread up to their own message.
    expect(thread.readByOtherAt).toBe(thread.messages[0]!.createdAt);
  });

  it('counts a staff answer as the first response, e-mails the client, and marks reads on each side', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/admin/interventions/${aliceIntervention}/messages`,
      headers: staff,
      payload: { body: 'Démarrez en mode sans échec, je vous appelle.' },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const list = (await t.app.inject({ method: 'GET', url: '/api/admin/interventions', headers: staff })).json<
      AdminInterventionDto[]
    >();
    expect(list.find((i) => i.id === aliceIntervention)!.firstResponseAt).not.toBeNull();
    expect(await mailsTo('alice@exemple.fr', 'intervention_message')).toHaveLength(1);

    // The client sees « Technicien », never the staff login; staff's own message shows as not yet read.
    const before = (
      await t.app.inject({
        method: 'GET',
        url: `/api/client/interventions/${aliceIntervention}/messages`,
        headers: alice,
      })
    ).json<Thread>();
    expect(before.messages.map((m) => m.authorName)).toEqual(['Client', 'Technicien']);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/interventions/${aliceIntervention}/messages`,
          headers: staff,
        })
      ).json<Thread>().readByOtherAt,
    ).not.toBeNull(); // the client's own message marked their read
    const read = await t.app.inject({
      method: 'POST',
      url: `/api/client/interventions/${aliceIntervention}/messages/read`,
      headers: alice,
    });
    expect(read.statusCode).toBe(200);
    const staffView = (
      await t.app.inject({
        method: 'GET',
        url: `/api/admin/interventions/${aliceIntervention}/messages`,
        headers: staff,
      })
    ).json<Thread>();
    expect(new Date(staffView.readByOtherAt!) >= new Date(staffView.messages.at(-1)!.createdAt)).toBe(true);
  });

  it('marks a thread read up to the message the page showed: one written after it is not « Lu »', async () => {
    const post = (headers: Record<string, string>, side: 'client' | 'admin', body: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/${side}/interventions/${aliceIntervention}/messages`,
        headers,
        payload: { body },
      });
    const staffThread = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/interventions/${aliceIntervention}/messages`,
          headers: staff,
        })
      ).json<Thread>();
    const markRead = (payload: Record<string, unknown>, headers = alice, id = aliceIntervention) =>
      t.app.inject({ method: 'POST', url: `/api/client/interventions/${id}/messages/read`, headers, payload });

    expect((await post(staff, 'admin', 'Avez-vous redémarré ?')).statusCode).toBe(201);
    const shown = (await staffThread()).messages.at(-1)!;
    // Alice's page shows that question; a second one is written before her read mark arrives.
    expect((await post(staff, 'admin', 'Et débranché le chargeur ?')).statusCode).toBe(201);
    expect((await markRead({ upTo: shown.id })).statusCode).toBe(200);
    const thread = await staffThread();
    expect(thread.readByOtherAt).toBe(shown.createdAt);
    expect(new Date(thread.readByOtherAt!) < new Date(thread.messages.at(-1)!.createdAt)).toBe(true);

    // Once it is on her screen, both are read; a late mark for the first does not take it back.
    expect((await markRead({ upTo: thread.messages.at(-1)!.id })).statusCode).toBe(200);
    expect((await markRead({ upTo: shown.id })).statusCode).toBe(200);
    expect((await staffThread()).readByOtherAt).toBe(thread.messages.at(-1)!.createdAt);

    // A message of another thread, or something that is no message, changes nothing.
    const brunoIntervention = (
      await t.app.inject({ method: 'POST', url: '/api/client/interventions', headers: bruno, payload: request })
    ).json<ClientIntervention>().id;
    const brunoMessage = await t.app.inject({
      method: 'POST',
      url: `/api/client/interventions/${brunoIntervention}/messages`,
      headers: bruno,
      payload: { body: 'Bonjour' },
    });
    expect(brunoMessage.statusCode).toBe(201);
    const [foreign] = await t.db
      .select({ id: interventionMessages.id })
      .from(interventionMessages)
      .where(eq(interventionMessages.interventionId, brunoIntervention));
    const elsewhere = await markRead({ upTo: foreign!.id });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe('Message introuvable dans cette conversation.');
    const invalid = await markRead({ upTo: 'dernier' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toMatch(/Message invalide/);
    // A number past any id the database holds is refused before it reaches it (a 500 before).
    const tooLarge = await markRead({ upTo: 99_999_999_999 });
    expect(tooLarge.statusCode, tooLarge.body).toBe(400);
    expect(tooLarge.json().message).toMatch(/Message invalide/);
    expect((await staffThread()).readByOtherAt).toBe(thread.messages.at(-1)!.createdAt);
  });

  it('both client lists say a team message is unread until the client has read it or written after it', async () => {
    const id = (
      await t.app.inject({ method: 'POST', url: '/api/client/interventions', headers: alice, payload: request })
    ).json<ClientIntervention>().id;
    // The same session reads its lists again and again, as the client's pages do: a kept page must not hide the news.
    const unread = async () => {
      const lists = await Promise.all(
        ['/api/client/interventions', '/api/interventions'].map(async (url) => {
          const res = await t.app.inject({ method: 'GET', url, headers: alice });
          expect(res.statusCode, res.body).toBe(200);
          return res.json<{ id: number; unreadReply: boolean }[]>().find((i) => i.id === id)!.unreadReply;
        }),
      );
      expect(new Set(lists).size, 'both lists agree').toBe(1);
      return lists[0];
    };
    const post = (headers: Record<string, string>, side: 'client' | 'admin', body: string) =>
      t.app.inject({ method: 'POST', url: `/api/${side}/interventions/${id}/messages`, headers, payload: { body } });
    const markRead = (upTo: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/client/interventions/${id}/messages/read`,
        headers: alice,
        payload: { upTo },
      });
    const messageIds = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/admin/interventions/${id}/messages`, headers: staff }))
        .json<Thread>()
        .messages.map((m) => m.id);

    expect(await unread()).toBe(false);
    expect((await post(staff, 'admin', 'Pouvez-vous redémarrer ?')).statusCode).toBe(201);
    expect(await unread()).toBe(true);
    // Staff reading their own thread changes nothing for the client.
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/admin/interventions/${id}/messages/read`, headers: staff }))
        .statusCode,
    ).toBe(200);
    expect(await unread()).toBe(true);
    const [first] = await messageIds();
    expect((await post(staff, 'admin', 'Et me dire ce qui s’affiche ?')).statusCode).toBe(201);
    // Read up to the first message only: the second is still news.
    expect((await markRead(first!)).statusCode).toBe(200);
    expect(await unread()).toBe(true);
    expect((await markRead((await messageIds()).at(-1)!)).statusCode).toBe(200);
    expect(await unread()).toBe(false);

    // Writing is reading: a client who answers has seen what came before.
    expect((await post(staff, 'admin', 'Merci, je regarde.')).statusCode).toBe(201);
    expect(await unread()).toBe(true);
    expect((await post(alice, 'client', 'Voici le message affiché.')).statusCode).toBe(201);
    expect(await unread()).toBe(false);
  });

  it('a read mark covers every message up to the one shown, whatever their times', async () => {
    const id = (
      await t.app.inject({ method: 'POST', url: '/api/client/interventions', headers: alice, payload: request })
    ).json<ClientIntervention>().id;
    // Two members wrote at once: the first number carries the later time.
    const [first, second] = await t.db
      .insert(interventionMessages)
      .values([
        { interventionId: id, author: 'staff', body: 'Premier', createdAt: new Date('2026-11-29T10:00:02Z') },
        { interventionId: id, author: 'staff', body: 'Second', createdAt: new Date('2026-11-29T10:00:01Z') },
      ])
      .returning({ id: interventionMessages.id });
    expect(second!.id).toBeGreaterThan(first!.id);
    const read = await t.app.inject({
      method: 'POST',
      url: `/api/client/interventions/${id}/messages/read`,
      headers: alice,
      payload: { upTo: second!.id },
    });
    expect(read.statusCode).toBe(200);
    const listed = (await t.app.inject({ method: 'GET', url: '/api/client/interventions', headers: alice }))
      .json<ClientIntervention[]>()
      .find((i) => i.id === id)!;
    expect(listed.unreadReply).toBe(false);
  });

  it('the staff list says a client message is unread until a member has read it or answered', async () => {
    const id = (
      await t.app.inject({ method: 'POST', url: '/api/client/interventions', headers: alice, payload: request })
    ).json<ClientIntervention>().id;
    const unread = async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/interventions?limit=100`, headers: staff });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<AdminInterventionDto[]>().find((i) => i.id === id)!.unreadMessage;
    };
    const post = (headers: Record<string, string>, side: 'client' | 'admin', body: string) =>
      t.app.inject({ method: 'POST', url: `/api/${side}/interventions/${id}/messages`, headers, payload: { body } });

    expect(await unread()).toBe(false);
    expect((await post(alice, 'client', 'Mon écran reste noir.')).statusCode).toBe(201);
    expect(await unread()).toBe(true);
    // The client reading their own thread changes nothing for staff.
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/client/interventions/${id}/messages/read`, headers: alice }))
        .statusCode,
    ).toBe(200);
    expect(await unread()).toBe(true);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/admin/interventions/${id}/messages/read`, headers: staff }))
        .statusCode,
    ).toBe(200);
    expect(await unread()).toBe(false);
    expect((await post(alice, 'client', 'Toujours noir.')).statusCode).toBe(201);
    expect(await unread()).toBe(true);
    expect((await post(staff, 'admin', 'Je vous appelle.')).statusCode).toBe(201);
    expect(await unread()).toBe(false);
  });

  it("never shows or accepts a message on another client's intervention: 404 as if it did not exist", async () => {
    const before = await t.db.select().from(interventionMessages);
    for (const call of [
      { method: 'GET', url: `/api/client/interventions/${aliceIntervention}/messages` },
      { method: 'POST', url: `/api/client/interventions/${aliceIntervention}/messages`, payload: { body: 'Coucou' } },
      { method: 'POST', url: `/api/client/interventions/${aliceIntervention}/messages/read` },
      { method: 'GET', url: '/api/client/interventions/999999/messages' },
    ] as const) {
      const res = await t.app.inject({ ...call, headers: bruno });
      expect(res.statusCode, call.url).toBe(404);
      expect(res.json().message).toBe('Intervention introuvable');
    }
    expect(await t.db.select().from(interventionMessages)).toHaveLength(before.length);
    const noSession = await t.app.inject({
      method: 'GET',
      url: `/api/client/interventions/${aliceIntervention}/messages`,
    });
    expect(noSession.statusCode).toBe(401);
  });

  it("refuses an empty message with the form's wording, and any message once the intervention is closed", async () => {
    const empty = await t.app.inject({
      method: 'POST',
      url: `/api/client/interventions/${aliceIntervention}/messages`,
      headers: alice,
      payload: { body: '   ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors.body[0]).toBe('Écrivez votre message');
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/interventions/${aliceIntervention}`,
      headers: staff,
      payload: { status: 'in_progress' },
    });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/interventions/${aliceIntervention}`,
      headers: staff,
      payload: { status: 'completed' },
    });
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/client/interventions/${aliceIntervention}/messages`,
      headers: alice,
      payload: { body: 'Encore une question' },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(THREAD_CLOSED);
    // Staff are not told to open a request: only that this one takes no more messages.
    const staffLate = await t.app.inject({
      method: 'POST',
      url: `/api/admin/interventions/${aliceIntervention}/messages`,
      headers: staff,
      payload: { body: 'Un dernier conseil' },
    });
    expect(staffLate.statusCode).toBe(409);
    expect(staffLate.json().message).toBe(THREAD_CLOSED_FOR_STAFF);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/client/interventions/${aliceIntervention}/messages`,
          headers: alice,
        })
      ).json<Thread>().open,
    ).toBe(false);
  });

  it("takes an image or a PDF by its content, opens it only to the intervention's client and staff, and refuses anything else", async () => {
    const id = (
      await t.app.inject({ method: 'POST', url: '/api/client/interventions', headers: alice, payload: request })
    ).json<ClientIntervention>().id;
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('IHDR-capture-d-ecran'),
    ]);
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/client/interventions/${id}/messages`,
      headers: alice,
      payload: { body: 'Voici l’écran', attachment: { name: 'capture écran.png', data: png.toString('base64') } },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const [file] = sent.json<Thread>().messages[0]!.attachments;
    expect(file).toMatchObject({ name: 'capture écran.png', mimeType: 'image/png', size: png.length });

    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/client/intervention-attachments/${file!.id}`,
      headers: alice,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.rawPayload.equals(png)).toBe(true);
    const forStaff = await t.app.inject({
      method: 'GET',
      url: `/api/admin/intervention-attachments/${file!.id}`,
      headers: staff,
    });
    expect(forStaff.rawPayload.equals(png)).toBe(true);
    // Another client: as if it did not exist.
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/client/intervention-attachments/${file!.id}`,
      headers: bruno,
    });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Fichier introuvable');

    const before = await t.db.select().from(interventionMessages);
    const disguised = [
      { name: 'photo.png', data: Buffer.from('#!/bin/sh\nrm -rf /\n') },
      { name: 'facture.pdf', data: Buffer.from('<html><script>alert(1)</script></html>') },
    ];
    for (const fake of disguised) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/client/interventions/${id}/messages`,
        headers: alice,
        payload: { body: 'Regardez', attachment: { name: fake.name, data: fake.data.toString('base64') } },
      });
      expect(res.statusCode, fake.name).toBe(415);
      expect(res.json()).toMatchObject({ code: 'ATTACHMENT_TYPE', message: ATTACHMENT_BAD_TYPE });
    }
    const tooBig = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(ATTACHMENT_MAX_BYTES)]);
    const big = await t.app.inject({
      method: 'POST',
      url: `/api/client/interventions/${id}/messages`,
      headers: alice,
      payload: { body: '', attachment: { name: 'gros.pdf', data: tooBig.toString('base64') } },
    });
    // The body's schema refuses it before the file is decoded: the form shows the message under the file.
    expect(big.statusCode).toBe(400);
    expect(big.json()).toMatchObject({ code: 'VALIDATION', message: ATTACHMENT_TOO_BIG });
    expect(await t.db.select().from(interventionMessages)).toHaveLength(before.length);
  });
});

describe("[INTERVENTIONS][THREAD] each side's allowance on the one set of thread routes", () => {
  const { t, staff } = staffTestApp();
  const { max } = RATE_LIMITS.clientMessage;

  it("refuses a client's message past their allowance per minute with 429, and writes it nowhere; staff have none", async () => {
    const { headers } = await newClient(t, staff, 'bavard', { plan: 'pro' });
    const id = (
      await t.app.inject({ method: 'POST', url: '/api/client/interventions', headers, payload: request })
    ).json<ClientIntervention>().id;
    const post = (url: string, h: Record<string, string>, n: number) =>
      t.app.inject({ method: 'POST', url, headers: h, payload: { body: `Message ${n}` } });
    for (let n = 1; n <= max; n++)
      expect((await post(`/api/client/interventions/${id}/messages`, headers, n)).statusCode).toBe(201);
    const refused = await post(`/api/client/interventions/${id}/messages`, headers, max + 1);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(await t.db.$count(interventionMessages, eq(interventionMessages.interventionId, id))).toBe(max);
    // The same routes under /api/admin carry no allowance: staff answer as often as they need.
    expect((await post(`/api/admin/interventions/${id}/messages`, staff, max + 2)).statusCode).toBe(201);
  });
});
