import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN, type TestApp } from '#server/test/harness.ts';
import { desc, eq, sql } from 'drizzle-orm';
import { clients, liveEvents, staffUsers } from '#server/db/schema.ts';
import { hashPassword } from '#server/services/security/passwords.ts';
import { LIVE_CHANNEL, publishLive } from '#server/services/live/events.ts';
import type { LiveEvent } from '#shared/live/live-api.ts';
import type { ClientIntervention } from '#shared/interventions/intervention-api.ts';
import type { Thread } from '#shared/interventions/thread-api.ts';
import { todayIso } from '#shared/format.ts';
import { openEventStream, type EventStream, type StreamEvent } from '#server/test/event-stream.ts';
import { clientLogin, postOrder, staffLogin } from '#server/test/fixtures.ts';

const TECH = { username: 'tech.live', password: 'motdepasse-technicien-live' };
const ask = { description: 'Écran noir au démarrage', urgency: 'high', deviceType: 'pc_windows', deviceInfo: 'Lenovo' };
const body = (e: StreamEvent) => JSON.parse(e.data) as LiveEvent;
const about = (id: number, kind?: string) => (e: StreamEvent) =>
  e.event === 'message' && body(e).interventionId === id && (!kind || body(e).kind === kind);

// Two instances on one database (on PostgreSQL with TEST_DATABASE_URL: two LISTEN connections, as two servers have),
// each listening on a real port: a page connected to one hears what happens on the other.
describe('[LIVE] events to open pages, across instances, by role and client', () => {
  let one: TestApp;
  let two: TestApp;
  let urlTwo: string;
  let admin: Record<string, string>;
  let tech: Record<string, string>;
  let anne: Record<string, string>;
  let bruno: Record<string, string>;
  const streams: EventStream[] = [];
  const open = async (path: string, headers: Record<string, string>) => {
    const s = await openEventStream(`${urlTwo}${path}`, headers);
    streams.push(s);
    return s;
  };
  const ready = (s: EventStream) => s.next((e) => e.event === 'ready');
  const newIntervention = async (headers: Record<string, string>) =>
    (
      await one.app.inject({ method: 'POST', url: '/api/client/interventions', headers, payload: ask })
    ).json<ClientIntervention>().id;

  beforeAll(async () => {
    one = await createTestApp();
    two = await createTestApp({}, { database: one.database });
    urlTwo = await two.app.listen({ port: 0, host: '127.0.0.1' });
    admin = await staffLogin(one);
    await one.db
      .insert(staffUsers)
      .values({ username: TECH.username, role: 'technicien', passwordHash: await hashPassword(TECH.password) });
    tech = await staffLogin(one, TECH);
    for (const [name, email] of [
      ['anne', 'anne@exemple.fr'],
      ['bruno', 'bruno@exemple.fr'],
    ] as const) {
      await postOrder(one, admin, {
        clientName: name,
        clientEmail: email,
        username: name,
        password: 'Azur-Passerelle-2026',
        orderDate: todayIso(),
        plan: 'pro',
      });
    }
    anne = await clientLogin(one, 'anne', 'Azur-Passerelle-2026');
    bruno = await clientLogin(one, 'bruno', 'Azur-Passerelle-2026');
  });
  afterAll(async () => {
    streams.forEach((s) => s.close());
    await two.close();
    await one.close();
  });

  it('a new intervention made on one instance reaches a staff page connected to the other', async () => {
    const page = await open('/api/admin/events', tech);
    expect(page.status).toBe(200);
    await ready(page);
    const id = await newIntervention(anne);
    const event = body(await page.next(about(id)));
    expect(event).toMatchObject({ kind: 'intervention.created', text: `Nouvelle demande #${id} de anne` });
  });

  it('a client hears staff answer and change the status of their own interventions, never another client’s', async () => {
    const anneId = await newIntervention(anne);
    const brunoId = await newIntervention(bruno);
    const annePage = await open('/api/client/events', anne);
    const brunoPage = await open('/api/client/events', bruno);
    await Promise.all([ready(annePage), ready(brunoPage)]);

    await one.app.inject({
      method: 'POST',
      url: `/api/admin/interventions/${anneId}/messages`,
      headers: admin,
      payload: { body: 'Je vous appelle.' },
    });
    await one.app.inject({
      method: 'PATCH',
      url: `/api/admin/interventions/${anneId}`,
      headers: admin,
      payload: { status: 'in_progress' },
    });
    expect(body(await annePage.next(about(anneId, 'intervention.reply'))).text).toBe(
      `Nouveau message de l’équipe sur votre demande #${anneId}`,
    );
    expect(body(await annePage.next(about(anneId, 'intervention.status'))).text).toBe(
      `Votre demande #${anneId} : en cours`,
    );

    // Bruno's own change comes through, and nothing of Anne's came before it.
    await one.app.inject({
      method: 'PATCH',
      url: `/api/admin/interventions/${brunoId}`,
      headers: admin,
      payload: { status: 'cancelled' },
    });
    const first = await brunoPage.next((e) => e.event === 'message');
    expect(body(first).interventionId).toBe(brunoId);
    // A client's own message is not echoed to them, and the notice staff read (with the client's name) is not theirs.
    await one.app.inject({
      method: 'POST',
      url: `/api/client/interventions/${anneId}/messages`,
      headers: anne,
      payload: { body: 'Merci' },
    });
    const staffPage = await open('/api/admin/events', admin);
    await ready(staffPage);
    await one.app.inject({
      method: 'POST',
      url: `/api/client/interventions/${anneId}/messages`,
      headers: anne,
      payload: { body: 'Toujours là' },
    });
    expect(body(await staffPage.next(about(anneId, 'intervention.message'))).text).toBe(
      `Nouveau message de anne (demande #${anneId})`,
    );
    expect(
      annePage
        .pending()
        .filter((e) => e.event === 'message')
        .map((e) => body(e).kind),
    ).not.toContain('intervention.message');
  });

  it('a read reaches the other side: the client sees « Lu » come, colleagues see the news go; a read with nothing new tells nobody', async () => {
    const id = await newIntervention(anne);
    const say = (headers: Record<string, string>, side: 'admin' | 'client', text: string) =>
      one.app.inject({
        method: 'POST',
        url: `/api/${side}/interventions/${id}/messages`,
        headers,
        payload: { body: text },
      });
    const newest = async (headers: Record<string, string>, side: 'admin' | 'client') =>
      (await one.app.inject({ method: 'GET', url: `/api/${side}/interventions/${id}/messages`, headers }))
        .json<Thread>()
        .messages.at(-1)!.id;
    const read = (headers: Record<string, string>, side: 'admin' | 'client', upTo: number) =>
      one.app.inject({
        method: 'POST',
        url: `/api/${side}/interventions/${id}/messages/read`,
        headers,
        payload: { upTo },
      });
    await say(anne, 'client', 'L’imprimante ne répond plus');
    const annePage = await open('/api/client/events', anne);
    const techPage = await open('/api/admin/events', tech);
    await Promise.all([ready(annePage), ready(techPage)]);

    // An admin opens the thread: Anne's page and the technician's each hear it, in their own words.
    const upTo = await newest(admin, 'admin');
    expect((await read(admin, 'admin', upTo)).statusCode).toBe(200);
    expect(body(await annePage.next(about(id, 'intervention.read'))).text).toBe(
      `L’équipe a lu vos messages sur la demande #${id}`,
    );
    const told = body(await techPage.next(about(id, 'intervention.read')));
    expect(told.text).toBe(`${TEST_ADMIN.username} a lu les messages de la demande #${id}`);
    expect(told.actorId).toEqual(expect.any(Number));

    // The same message read again (another tab, the technician): nothing moved, nobody is told. The next event about the
    // request is Anne's next message.
    expect((await read(admin, 'admin', upTo)).statusCode).toBe(200);
    expect((await read(tech, 'admin', upTo)).statusCode).toBe(200);
    await say(anne, 'client', 'Elle clignote en orange');
    expect(body(await techPage.next(about(id))).kind).toBe('intervention.message');

    // Anne reads the team's answer: staff hear it, and her own page is not told of her own read.
    await say(tech, 'admin', 'Éteignez-la une minute, puis rallumez-la.');
    await annePage.next(about(id, 'intervention.reply'));
    expect((await read(anne, 'client', await newest(anne, 'client'))).statusCode).toBe(200);
    expect(body(await techPage.next(about(id, 'intervention.read'))).text).toBe(
      `Le client a lu les messages de la demande #${id}`,
    );
    // Read again and again, without saying up to where (a tool, not the page): nothing new, nothing written or told.
    const events = await one.db.$count(liveEvents);
    for (let i = 0; i < 3; i++) {
      const again = await one.app.inject({
        method: 'POST',
        url: `/api/client/interventions/${id}/messages/read`,
        headers: anne,
      });
      expect(again.statusCode).toBe(200);
    }
    expect(await one.db.$count(liveEvents)).toBe(events);
    await say(tech, 'admin', 'Et maintenant ?');
    expect(body(await annePage.next(about(id))).kind).toBe('intervention.reply');
    expect(body(await techPage.next(about(id))).kind).toBe('intervention.reply');
  });

  it('an event for admins only never reaches a technician', async () => {
    const techPage = await open('/api/admin/events', tech);
    const adminPage = await open('/api/admin/events', admin);
    await Promise.all([ready(techPage), ready(adminPage)]);
    const id = await newIntervention(anne);
    await one.db.transaction(async (tx) =>
      publishLive(
        tx,
        'intervention.overdue',
        { interventionId: id, clientId: 1 },
        { staff: 'En retard', staffRole: 'admin' },
      ),
    );
    expect(body(await adminPage.next(about(id, 'intervention.overdue'))).text).toBe('En retard');
    // The technician's next event after the new request is the next request, not the escalation.
    const later = await newIntervention(anne);
    await techPage.next(about(id, 'intervention.created'));
    const next = body(await techPage.next((e) => e.event === 'message'));
    expect(next.interventionId).toBe(later);
  });

  it('a page that reconnects with its last event id receives what it missed, in order', async () => {
    const page = await open('/api/admin/events', tech);
    const start = await ready(page);
    page.close();
    const missed = [await newIntervention(anne), await newIntervention(bruno)];
    // EventSource sends the last id it saw in Last-Event-ID; the instance it reaches may be another one.
    const back = await open('/api/admin/events', { ...tech, 'last-event-id': start.id! });
    const got = [body(await back.next(about(missed[0]!))), body(await back.next(about(missed[1]!)))];
    expect(got.map((e) => e.kind)).toEqual(['intervention.created', 'intervention.created']);
    expect(got[0]!.id).toBeLessThan(got[1]!.id);
  });

  it('a page back after hundreds of others’ events still gets its own, and its place moves past all of them', async () => {
    const page = await open('/api/client/events', anne);
    const start = await ready(page);
    page.close();
    // 600 events for staff alone, then one of Anne's: more than one read of the catch-up takes.
    const others = Array.from({ length: 600 }, () => ({ kind: 'inbox.contact', subjectId: 1, staffText: 'Message' }));
    await one.db.insert(liveEvents).values(others);
    const [client] = await one.db.select({ id: clients.id }).from(clients).where(eq(clients.email, 'anne@exemple.fr'));
    const [hers] = await one.db
      .insert(liveEvents)
      .values({
        kind: 'intervention.status',
        subjectId: 1,
        clientId: client!.id,
        clientText: 'Votre demande est close',
      })
      .returning();
    await one.db.insert(liveEvents).values(others.slice(0, 3));
    const back = await open('/api/client/events', { ...anne, 'last-event-id': start.id! });
    expect(body(await back.next((e) => e.event === 'message')).id).toBe(hers!.id);
    const caughtUp = await ready(back);
    const [newest] = await one.db.select({ id: liveEvents.id }).from(liveEvents).orderBy(desc(liveEvents.id)).limit(1);
    expect(Number(caughtUp.id)).toBe(newest!.id);
  });

  it('an event committed after a newer one leaves the page its place: a reconnect replays nothing twice', async () => {
    const page = await open('/api/admin/events', tech);
    let place = (await ready(page)).id!;
    // An id taken by a change still under way, then a newer change committed and sent first.
    const [{ late }] = (await one.db.execute(sql`select nextval('live_events_id_seq')::int as late`)).rows as [
      { late: number },
    ];
    const newer = await newIntervention(anne);
    const sentFirst = await page.next(about(newer, 'intervention.created'));
    place = sentFirst.id ?? place;
    const [row] = await one.db
      .insert(liveEvents)
      .values({ id: late, kind: 'inbox.contact', subjectId: 1, staffText: 'Message arrivé en retard' })
      .returning();
    await one.db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(row)})`);
    const sentLate = await page.next((e) => e.event === 'message' && body(e).id === late);
    // The browser keeps the last id it was given (EventSource's own rule): here, still the newer event's.
    place = sentLate.id ?? place;
    expect(Number(place)).toBe(body(sentFirst).id);
    page.close();

    const back = await open('/api/admin/events', { ...tech, 'last-event-id': place });
    // Everything the catch-up sends before its `ready` (a matcher may see an event more than once: a set).
    const replayed = new Set<number>();
    await back.next((e) => {
      if (e.event === 'message') replayed.add(body(e).id);
      return e.event === 'ready';
    });
    expect([...replayed]).not.toContain(body(sentFirst).id);
    expect([...replayed]).not.toContain(late);
  });

  it('a page whose place is ahead of the table (a restored backup) comes back to the newest event', async () => {
    const [newest] = await one.db.select({ id: liveEvents.id }).from(liveEvents).orderBy(desc(liveEvents.id)).limit(1);
    const page = await open('/api/admin/events', { ...tech, 'last-event-id': String(newest!.id + 1000) });
    expect(Number((await ready(page)).id)).toBe(newest!.id);
    // And the next event carries its id: the browser's place follows it again.
    const id = await newIntervention(anne);
    expect(Number((await page.next(about(id, 'intervention.created'))).id)).toBeGreaterThan(newest!.id);
  });

  it('answers once in JSON to a caller that does not stream, with only what it may see', async () => {
    const id = await newIntervention(bruno);
    const created = await one.app.inject({
      method: 'GET',
      url: '/api/admin/events',
      headers: { ...tech, 'last-event-id': '0' },
    });
    expect(created.json<LiveEvent[]>().some((e) => e.interventionId === id && e.kind === 'intervention.created')).toBe(
      true,
    );
    const anneSees = (
      await one.app.inject({ method: 'GET', url: '/api/client/events', headers: { ...anne, 'last-event-id': '0' } })
    ).json<LiveEvent[]>();
    expect(anneSees.length).toBeGreaterThan(0);
    expect(anneSees.every((e) => e.interventionId !== id && !e.text.includes('bruno'))).toBe(true);
  });

  it('a session that ends closes its streams at once, on another instance too, and the others stay', async () => {
    const other = await clientLogin(one, 'anne', 'Azur-Passerelle-2026');
    const ending = await open('/api/client/events', other);
    const staying = await open('/api/client/events', anne);
    await Promise.all([ready(ending), ready(staying)]);
    const signedOut = await one.app.inject({ method: 'POST', url: '/api/client/logout', headers: other });
    expect(signedOut.statusCode).toBe(200);
    // An event for Anne after the sign-out: her other page has it, the signed-out one ends without it.
    const [client] = await one.db.select({ id: clients.id }).from(clients).where(eq(clients.email, 'anne@exemple.fr'));
    const id = await newIntervention(anne);
    await one.db.transaction(async (tx) =>
      publishLive(tx, 'intervention.status', { interventionId: id, clientId: client!.id }, { client: 'Close' }),
    );
    await staying.next(about(id, 'intervention.status'));
    await expect(ending.next(about(id, 'intervention.status'))).rejects.toThrow('ended');
    expect(staying.ended).toBe(false);
  });

  it('refuses a page without a session, and a client on the staff stream', async () => {
    expect((await fetch(`${urlTwo}/api/admin/events`)).status).toBe(401);
    expect((await fetch(`${urlTwo}/api/admin/events`, { headers: anne })).status).toBe(403);
    expect((await fetch(`${urlTwo}/api/client/events`)).status).toBe(401);
  });
});
