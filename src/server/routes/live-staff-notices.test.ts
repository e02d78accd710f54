import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { clients, inboxItems, liveEvents, staffUsers } from '#server/db/schema.ts';
import { hashPassword } from '#server/services/security/passwords.ts';
import { createContactMessage } from '#server/services/inbox/inbox-items.ts';
import { createRegistration } from '#server/services/inbox/registrations.ts';
import { STAFF_ROLES, type StaffRole } from '#shared/staff/staff-labels.ts';
import type { LiveEvent, LiveKind } from '#shared/live/live-api.ts';
import type { ClientIntervention } from '#shared/interventions/intervention-api.ts';
import type { Device } from '#shared/devices/device-api.ts';
import type { CaptchaChallenge } from '#shared/inbox/contact.ts';
import { VALID_REGISTRATION } from '#shared/common/test-inputs.ts';
import { registrationInputSchema } from '#shared/inbox/registration.ts';
import { todayIso } from '#shared/format.ts';
import { openEventStream, type EventStream, type StreamEvent } from '#server/test/event-stream.ts';
import { clientLogin, multipartFile, postOrder, staffLogin } from '#server/test/fixtures.ts';

const TECH = { username: 'tech.messages', password: 'motdepasse-technicien-messages' };
const PASSWORD = 'Azur-Passerelle-2026';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 1)]);
/** What the person wrote: no event may carry it. */
const PRIVATE = { subject: 'Sujet-confidentiel-42', message: 'Corps-du-message-confidentiel : mon code est 1234.' };
const STAFF_ONLY: readonly LiveKind[] = ['inbox.registration', 'inbox.contact', 'inbox.erasure', 'device.proof'];

const body = (e: StreamEvent) => JSON.parse(e.data) as LiveEvent;
const isEvent = (kind: LiveKind, subjectId: number) => (e: StreamEvent) =>
  e.event === 'message' && body(e).kind === kind && body(e).subjectId === subjectId;

let nextIp = 1;
const freshIp = () => `10.7.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;

/** Reads « Combien font 3 + 4 ? » as a visitor would. */
const solve = (question: string) => {
  const [, a, b] = /(\d+)\s*\+\s*(\d+)/.exec(question)!;
  return String(Number(a) + Number(b));
};

describe('[LIVE][INBOX] new « Messages » items and device proofs reach the staff who see them, never a client', () => {
  let t: TestApp;
  let url: string;
  const headers = {} as Record<StaffRole, Record<string, string>>;
  let anne: Record<string, string>;
  let bruno: Record<string, string>;
  let anneId: number;
  /** who may call each list route, as the route table declares it (routes/admin/roles.ts) */
  const routeRoles = new Map<string, readonly StaffRole[]>();
  const streams: EventStream[] = [];
  const open = async (path: string, h: Record<string, string>) => {
    const s = await openEventStream(`${url}${path}`, h);
    expect(s.status).toBe(200);
    streams.push(s);
    await s.next((e) => e.event === 'ready');
    return s;
  };
  const inboxIdOf = async (email: string) =>
    (
      await t.db
        .select({ id: inboxItems.id })
        .from(inboxItems)
        .where(eq(inboxItems.email, email))
        .orderBy(sql`${inboxItems.id} desc`)
        .limit(1)
    )[0]!.id;

  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        onRoute: (route) => {
          const roles = (route.config as { roles?: readonly StaffRole[] } | undefined)?.roles;
          if (route.method === 'GET' && roles) routeRoles.set(route.url, roles);
        },
      },
    );
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    headers.admin = await staffLogin(t);
    await t.db
      .insert(staffUsers)
      .values({ username: TECH.username, role: 'technicien', passwordHash: await hashPassword(TECH.password) });
    headers.technicien = await staffLogin(t, TECH);
    for (const name of ['anne', 'bruno']) {
      await postOrder(t, headers.admin, {
        clientName: `${name} Martin`,
        clientEmail: `${name}@exemple.fr`,
        username: name,
        password: PASSWORD,
        orderDate: todayIso(),
        plan: 'pro',
      });
    }
    anne = await clientLogin(t, 'anne', PASSWORD);
    bruno = await clientLogin(t, 'bruno', PASSWORD);
    anneId = (await t.db.select({ id: clients.id }).from(clients).where(eq(clients.email, 'anne@exemple.fr')))[0]!.id;
  });
  afterAll(async () => {
    streams.forEach((s) => s.close());
    await t.close();
  });

  it('tells each member who may see the list, in one sentence without what the person wrote; no client stream hears it', async () => {
    const staffPages = Object.fromEntries(
      await Promise.all(
        STAFF_ROLES.map(async (role) => [role, await open('/api/admin/events', headers[role])] as const),
      ),
    );
    const annePage = await open('/api/client/events', anne);
    const brunoPage = await open('/api/client/events', bruno);

    // A visitor registers, another writes through the contact form, Anne asks for her data to be erased and sends a proof.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/register',
          remoteAddress: freshIp(),
          payload: { ...VALID_REGISTRATION, firstName: 'Louise', lastName: 'Inscrite', email: 'louise@exemple.fr' },
        })
      ).statusCode,
    ).toBe(201);
    const challenge = (await t.app.inject({ method: 'GET', url: '/api/contact/captcha' })).json<CaptchaChallenge>();
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/contact',
          remoteAddress: freshIp(),
          payload: {
            name: 'Paul Curieux',
            email: 'paul@exemple.fr',
            ...PRIVATE,
            captchaToken: challenge.token,
            captchaAnswer: solve(challenge.question),
          },
        })
      ).statusCode,
    ).toBe(201);
    expect((await t.app.inject({ method: 'POST', url: '/api/client/erasure-request', headers: anne })).statusCode).toBe(
      202,
    );
    const device = (
      await t.app.inject({
        method: 'POST',
        url: '/api/client/devices',
        headers: anne,
        payload: { deviceType: 'windows-laptop', deviceInfo: 'Dell Latitude' },
      })
    ).json<Device>();
    const proof = multipartFile('facture.png', PNG);
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/client/devices/${device.id}/proofs`,
      payload: proof.payload,
      headers: { ...anne, ...proof.headers },
    });
    expect(sent.statusCode, sent.body).toBe(201);

    const expected = [
      {
        kind: 'inbox.registration',
        subjectId: await inboxIdOf('louise@exemple.fr'),
        text: 'Nouvelle demande d’inscription de Louise Inscrite',
        list: '/api/admin/contacts',
      },
      {
        kind: 'inbox.contact',
        subjectId: await inboxIdOf('paul@exemple.fr'),
        text: 'Nouveau message de contact de Paul Curieux',
        list: '/api/admin/contacts',
      },
      {
        kind: 'inbox.erasure',
        subjectId: await inboxIdOf('anne@exemple.fr'),
        list: '/api/admin/contacts',
        text: `Nouvelle demande d’effacement des données (client n° ${anneId}), à confirmer par un administrateur`,
      },
      {
        kind: 'device.proof',
        subjectId: device.id,
        text: `Nouveau justificatif pour l’appareil n° ${device.id} de anne Martin`,
        list: '/api/admin/devices',
      },
    ] as const;

    for (const role of STAFF_ROLES) {
      const page = staffPages[role]!;
      for (const e of expected) {
        const audience = routeRoles.get(e.list);
        expect(audience, `${e.list} declares its roles`).toBeDefined();
        if (!audience!.includes(role)) continue;
        const event = body(await page.next(isEvent(e.kind, e.subjectId)));
        expect(event).toMatchObject({ kind: e.kind, subjectId: e.subjectId, interventionId: null, text: e.text });
        expect(event.text).not.toMatch(/Sujet-confidentiel|Corps-du-message|@exemple\.fr|1234/);
      }
      // A role the list is not for hears nothing of it (none today: both roles read « Messages » and check proofs).
      const heard = page
        .pending()
        .filter((e) => e.event === 'message')
        .map(body);
      for (const e of expected.filter((x) => !routeRoles.get(x.list)!.includes(role))) {
        expect(heard.some((h) => h.kind === e.kind && h.subjectId === e.subjectId)).toBe(false);
      }
    }

    // Then an answer on Anne's request: events reach a page in order, so what a client was sent before it is there.
    const request = (
      await t.app.inject({
        method: 'POST',
        url: '/api/client/interventions',
        headers: anne,
        payload: { description: 'Imprimante hors ligne', urgency: 'low', deviceType: 'pc_windows', deviceInfo: 'HP' },
      })
    ).json<ClientIntervention>();
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/interventions/${request.id}/messages`,
      headers: headers.admin,
      payload: { body: 'Je regarde.' },
    });
    await annePage.next((e) => e.event === 'message' && body(e).kind === 'intervention.reply');
    for (const page of [annePage, brunoPage]) {
      expect(
        page
          .pending()
          .filter((e) => e.event === 'message')
          .map((e) => body(e).kind)
          .filter((k) => STAFF_ONLY.includes(k)),
      ).toEqual([]);
    }
    // Nor does a client asking once in JSON from the start of the log (her own erasure request and proof included).
    const replay = (
      await t.app.inject({ method: 'GET', url: '/api/client/events', headers: { ...anne, 'last-event-id': '0' } })
    ).json<LiveEvent[]>();
    expect(replay.map((e) => e.kind)).toContain('intervention.reply');
    expect(replay.filter((e) => STAFF_ONLY.includes(e.kind))).toEqual([]);
    const staffReplay = (
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/events',
        headers: { ...headers.technicien, 'last-event-id': '0' },
      })
    ).json<LiveEvent[]>();
    expect(STAFF_ONLY.every((kind) => staffReplay.some((e) => e.kind === kind))).toBe(true);
  });

  it('writes the event in the transaction of the row: a rolled-back message or registration tells nobody', async () => {
    const count = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(liveEvents))[0]!.n;
    const before = await count();
    const rolledBack = new Error('rolled back');
    await expect(
      t.db.transaction(async (tx) => {
        await createContactMessage(tx, {
          name: 'Annulé',
          email: 'annule@exemple.fr',
          subject: 'x',
          message: 'y',
          captchaAnswer: '1',
        });
        await createRegistration(
          tx,
          registrationInputSchema.parse({ ...VALID_REGISTRATION, email: 'annule@exemple.fr' }),
        );
        expect(await tx.select({ n: sql<number>`count(*)::int` }).from(liveEvents)).toEqual([{ n: before + 2 }]);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await count()).toBe(before);
    expect(await t.db.select().from(inboxItems).where(eq(inboxItems.email, 'annule@exemple.fr'))).toEqual([]);

    // A proof refused (a device of another client: 404) writes none either.
    const [own] = (await t.app.inject({ method: 'GET', url: '/api/client/devices', headers: anne })).json<Device[]>();
    const proof = multipartFile('facture.png', PNG);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/client/devices/${own!.id}/proofs`,
      payload: proof.payload,
      headers: { ...bruno, ...proof.headers },
    });
    expect(refused.statusCode).toBe(404);
    expect(await count()).toBe(before);
  });

  // Last: Anne's account is gone afterwards.
  it('forgets an erased client’s events: those of their account and of a message they sent before it', async () => {
    // Anne wrote through the contact form with her account's address; her erasure request waits since the first test.
    const challenge = (await t.app.inject({ method: 'GET', url: '/api/contact/captcha' })).json<CaptchaChallenge>();
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/contact',
          remoteAddress: freshIp(),
          payload: {
            name: 'Anne Martin',
            email: 'anne@exemple.fr',
            ...PRIVATE,
            captchaToken: challenge.token,
            captchaAnswer: solve(challenge.question),
          },
        })
      ).statusCode,
    ).toBe(201);
    const replay = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/admin/events',
          headers: { ...headers.admin, 'last-event-id': '0' },
        })
      ).json<LiveEvent[]>();
    const namesAnne = (e: LiveEvent) => /anne/i.test(e.text) || e.text.includes(`client n° ${anneId}`);
    expect((await replay()).filter(namesAnne).map((e) => e.kind)).toEqual(
      expect.arrayContaining(['inbox.erasure', 'device.proof', 'inbox.contact', 'intervention.created']),
    );
    const [erasure] = await t.db
      .select({ id: inboxItems.id })
      .from(inboxItems)
      .where(sql`${inboxItems.kind} = 'erasure' and ${inboxItems.clientId} = ${anneId}`);
    const erased = await t.app.inject({
      method: 'POST',
      url: `/api/admin/contacts/${erasure!.id}/erase`,
      headers: headers.admin,
    });
    expect(erased.statusCode, erased.body).toBe(200);
    const left = await replay();
    expect(left.filter(namesAnne)).toEqual([]);
    // Others' events stay.
    expect(left.map((e) => e.text)).toContain('Nouvelle demande d’inscription de Louise Inscrite');
  });
});
