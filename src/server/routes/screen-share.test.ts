import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { hashSessionToken } from '#server/services/security/sessions.ts';
import { startScreenShare } from '#server/services/remote/screen-shares.ts';
import {
  auditLog,
  clientSessions,
  interventionMessages,
  inboxItems,
  interventions,
  liveEvents,
  liveSignals,
  outbox,
  screenShares,
} from '#server/db/schema.ts';
import {
  clientLogin,
  downloadClientData,
  newClient,
  newTechnician,
  postOrder,
  staffLogin,
} from '#server/test/fixtures.ts';
import { openEventStream, type EventStream, type StreamEvent } from '#server/test/event-stream.ts';
import { todayIso } from '#shared/format.ts';
import type { ClientIntervention } from '#shared/interventions/intervention-api.ts';
import type { Thread } from '#shared/interventions/thread-api.ts';
import type { LiveEvent } from '#shared/live/live-api.ts';
import {
  SIGNAL_SDP_MAX,
  type RunningScreenShare,
  type ScreenShareDto,
  type ScreenShareSession,
  type Signal,
} from '#shared/remote/screen-share-api.ts';

const PASSWORD = 'Azur-Passerelle-2026';
const SDP = 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n';
const isSignal = (kind: string) => (e: StreamEvent) =>
  e.event === 'signal' && (JSON.parse(e.data) as Signal).kind === kind;
const signalOf = (e: StreamEvent) => JSON.parse(e.data) as Signal;

// Two instances on one database, as two servers behind a proxy: the pages listen on one, the calls go to the other,
// so a signal crosses instances (on PostgreSQL with TEST_DATABASE_URL, through NOTIFY between two connections).
describe('[REMOTE] screen sharing: who may take part, its signals, its record', () => {
  let one: TestApp;
  let two: TestApp;
  let url: string;
  let admin: Record<string, string>;
  let julien: { id: number; headers: Record<string, string> };
  let other: { id: number; headers: Record<string, string> };
  let anne: Record<string, string>;
  let bruno: Record<string, string>;
  const streams: EventStream[] = [];
  const listen = async (path: string, headers: Record<string, string>) => {
    const s = await openEventStream(`${url}${path}`, headers);
    streams.push(s);
    await s.next((e) => e.event === 'ready');
    return s;
  };
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    path: string,
    headers: Record<string, string>,
    payload?: object,
  ) => one.app.inject({ method, url: path, headers, ...(payload ? { payload } : {}) });
  const newRequest = async (headers: Record<string, string>) => {
    const res = await call('POST', '/api/client/interventions', headers, {
      description: 'Mon imprimante ne répond plus',
      urgency: 'medium',
      deviceType: 'pc_windows',
      deviceInfo: 'HP',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<ClientIntervention>().id;
  };
  const start = async (interventionId: number, headers = anne) => {
    const res = await call('POST', `/api/client/interventions/${interventionId}/screen-share`, headers);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<ScreenShareSession>().share;
  };
  const takeInCharge = async (interventionId: number, member: { id: number; headers: Record<string, string> }) => {
    const res = await call('PUT', `/api/admin/interventions/${interventionId}/assignee`, member.headers, {
      staffId: member.id,
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    one = await createTestApp();
    two = await createTestApp({}, { database: one.database });
    url = await two.app.listen({ port: 0, host: '127.0.0.1' });
    admin = await staffLogin(one);
    julien = await newTechnician(one, { username: 'julien', password: 'motdepasse-julien-1', firstName: 'Julien' });
    other = await newTechnician(one, { username: 'marc', password: 'motdepasse-marc-1', firstName: 'Marc' });
    for (const name of ['anne', 'bruno']) {
      await postOrder(one, admin, {
        clientName: name,
        clientEmail: `${name}@exemple.fr`,
        username: name,
        password: PASSWORD,
        orderDate: todayIso(),
        plan: 'pro',
      });
    }
    anne = await clientLogin(one, 'anne', PASSWORD);
    bruno = await clientLogin(one, 'bruno', PASSWORD);
  });
  afterAll(async () => {
    streams.forEach((s) => s.close());
    await two.close();
    await one.close();
  });

  it('relays offer, answer and candidates between the client and the member handling the request, live across instances', async () => {
    const id = await newRequest(anne);
    await takeInCharge(id, julien);
    const staffPage = await listen('/api/admin/events', julien.headers);
    const clientPage = await listen('/api/client/events', anne);

    const share = await start(id);
    expect(share).toMatchObject({ interventionId: id, endedAt: null, staffName: 'Julien' });
    const started = JSON.parse((await staffPage.next((e) => e.event === 'message')).data) as LiveEvent;
    expect(started).toMatchObject({ kind: 'intervention.screen_share', interventionId: id });
    const running = (await call('GET', '/api/admin/screen-shares', julien.headers)).json<RunningScreenShare[]>();
    expect(running).toContainEqual(expect.objectContaining({ id: share.id, interventionId: id, canJoin: true }));
    const forMarc = (await call('GET', '/api/admin/screen-shares', other.headers)).json<RunningScreenShare[]>();
    expect(forMarc.find((s) => s.id === share.id)?.canJoin).toBe(false);

    const joined = await call('POST', `/api/admin/screen-shares/${share.id}/join`, julien.headers);
    expect(joined.statusCode, joined.body).toBe(200);
    const { peer } = joined.json<ScreenShareSession>();
    expect(signalOf(await clientPage.next(isSignal('join')))).toEqual({
      kind: 'join',
      shareId: share.id,
      peer,
      staffName: 'Julien',
    });

    const offer = await call('POST', `/api/client/screen-shares/${share.id}/signal`, anne, {
      kind: 'offer',
      peer,
      sdp: SDP,
    });
    expect(offer.statusCode, offer.body).toBe(204);
    expect(signalOf(await staffPage.next(isSignal('offer')))).toEqual({
      kind: 'offer',
      peer,
      sdp: SDP,
      shareId: share.id,
    });
    await call('POST', `/api/admin/screen-shares/${share.id}/signal`, julien.headers, {
      kind: 'answer',
      peer,
      sdp: SDP,
    });
    expect(signalOf(await clientPage.next(isSignal('answer')))).toMatchObject({ kind: 'answer', peer });
    const candidate = {
      candidate: 'candidate:1 1 udp 2122260223 192.168.1.20 54321 typ host',
      sdpMid: '0',
      sdpMLineIndex: 0,
    };
    await call('POST', `/api/client/screen-shares/${share.id}/signal`, anne, { kind: 'candidate', peer, candidate });
    expect(signalOf(await staffPage.next(isSignal('candidate')))).toMatchObject({ candidate });
    // Another client's page and another member's hear none of it.
    const brunoPage = await listen('/api/client/events', bruno);
    const marcPage = await listen('/api/admin/events', other.headers);
    await call('POST', `/api/client/screen-shares/${share.id}/signal`, anne, { kind: 'candidate', peer, candidate });
    await staffPage.next(isSignal('candidate'));
    expect(brunoPage.pending().filter((e) => e.event === 'signal')).toEqual([]);
    expect(marcPage.pending().filter((e) => e.event === 'signal')).toEqual([]);

    // Fourteen minutes later the client stops: the record, the request's duration, a line, the journal, both pages told.
    one.clock.set(new Date(Date.now() + 14 * 60_000));
    const ended = await call('POST', `/api/client/screen-shares/${share.id}/end`, anne, { reason: 'client' });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json<ScreenShareDto>()).toMatchObject({ durationMinutes: 14, endedBy: 'client', staffName: 'Julien' });
    expect(signalOf(await staffPage.next(isSignal('end')))).toEqual({
      kind: 'end',
      shareId: share.id,
      durationMinutes: 14,
    });
    await clientPage.next(isSignal('end'));
    const [request] = await one.db.select().from(interventions).where(eq(interventions.id, id));
    expect(request!.durationMinutes).toBe(14);
    const lines = await one.db.select().from(interventionMessages).where(eq(interventionMessages.interventionId, id));
    expect(lines.map((l) => l.body)).toEqual(['Partage d’écran : 14 min avec Julien']);
    // The line is an event of the request the client took part in: shown as such, never a « Nouvelle réponse ».
    const thread = await call('GET', `/api/client/interventions/${id}/messages`, anne);
    expect(thread.json<Thread>().messages).toMatchObject([
      { body: 'Partage d’écran : 14 min avec Julien', notice: true },
    ]);
    const listed = await call('GET', '/api/client/interventions', anne);
    expect(listed.json<ClientIntervention[]>().find((r) => r.id === id)).toMatchObject({ unreadReply: false });
    const journal = await one.db.select().from(auditLog).where(eq(auditLog.action, 'intervention.screen_share'));
    expect(journal).toHaveLength(1);
    expect(journal[0]).toMatchObject({ entity: 'intervention', entityId: String(id), staffUsername: 'client' });
    // Its offers and candidates (addresses on the client's network) are gone; only the two « end » remain.
    const left = await one.db
      .select()
      .from(liveSignals)
      .where(eq(liveSignals.topic, `screen-share:${share.id}`));
    expect(left.map((s) => (s.body as Signal).kind)).toEqual(['end', 'end']);

    // Written once: ending again answers the same record and adds nothing; a signal after the end is refused.
    one.clock.set(new Date(Date.now() + 30 * 60_000));
    const again = await call('POST', `/api/admin/screen-shares/${share.id}/end`, julien.headers);
    expect(again.json<ScreenShareDto>()).toMatchObject({ durationMinutes: 14, endedBy: 'client' });
    const [after] = await one.db.select().from(interventions).where(eq(interventions.id, id));
    expect(after!.durationMinutes).toBe(14);
    expect(await one.db.$count(interventionMessages, eq(interventionMessages.interventionId, id))).toBe(1);
    expect(await one.db.$count(auditLog, eq(auditLog.action, 'intervention.screen_share'))).toBe(1);
    for (const [path, headers] of [
      [`/api/client/screen-shares/${share.id}/signal`, anne],
      [`/api/admin/screen-shares/${share.id}/signal`, julien.headers],
    ] as const) {
      const late = await call('POST', path, headers, { kind: 'offer', peer, sdp: SDP });
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({ code: 'SCREEN_SHARE_ENDED', message: 'Ce partage d’écran est terminé.' });
    }
    const rejoin = await call('POST', `/api/admin/screen-shares/${share.id}/join`, julien.headers);
    expect(rejoin.statusCode).toBe(409);
    one.clock.set(new Date());
  });

  it('keeps another client out (404, as if it did not exist) and a member not handling the request (403); an admin may join', async () => {
    const id = await newRequest(anne);
    await takeInCharge(id, julien);
    const share = await start(id);
    const before = await one.db.select().from(screenShares).where(eq(screenShares.id, share.id));
    for (const path of [`/api/client/screen-shares/${share.id}/signal`, `/api/client/screen-shares/${share.id}/end`]) {
      const res = await call('POST', path, bruno, { kind: 'offer', peer: 'p', sdp: SDP });
      expect(res.statusCode, path).toBe(404);
      expect(res.body).not.toContain('anne');
    }
    expect((await call('POST', `/api/client/interventions/${id}/screen-share`, bruno)).statusCode).toBe(404);

    for (const path of [`/join`, `/signal`, `/end`]) {
      const res = await call('POST', `/api/admin/screen-shares/${share.id}${path}`, other.headers, {
        kind: 'offer',
        peer: 'p',
        sdp: SDP,
      });
      expect(res.statusCode, path).toBe(403);
      expect(res.json()).toMatchObject({ code: 'SCREEN_SHARE_FORBIDDEN' });
    }
    expect(await one.db.select().from(screenShares).where(eq(screenShares.id, share.id))).toEqual(before);
    // Julien handles it but has not joined: his signals wait until he does.
    const early = await call('POST', `/api/admin/screen-shares/${share.id}/signal`, julien.headers, {
      kind: 'answer',
      peer: 'p',
      sdp: SDP,
    });
    expect(early.statusCode).toBe(403);
    const byAdmin = await call('POST', `/api/admin/screen-shares/${share.id}/join`, admin);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    // An unknown share is 404 for staff too.
    expect((await call('POST', '/api/admin/screen-shares/999999/join', admin)).statusCode).toBe(404);
  });

  it('refuses an oversized signal, a malformed one and a flood; a closed request cannot be shared', async () => {
    const id = await newRequest(bruno);
    const share = await start(id, bruno);
    const signal = (payload: object) => call('POST', `/api/client/screen-shares/${share.id}/signal`, bruno, payload);
    expect((await signal({ kind: 'offer', peer: 'p', sdp: 'x'.repeat(SIGNAL_SDP_MAX + 1) })).statusCode).toBe(400);
    expect((await signal({ kind: 'offer', peer: 'p', sdp: 'x'.repeat(40_000) })).statusCode).toBe(413);
    expect((await signal({ kind: 'video', peer: 'p', data: 'x' })).statusCode).toBe(400);
    // What the signals table cannot hold (a NUL, half of a character) is refused, not a 500 from the database.
    for (const malformed of [
      { kind: 'offer', peer: 'p', sdp: 'v=0\u0000' },
      { kind: 'offer', peer: 'p\ud800', sdp: 'v=0' },
      { kind: 'candidate', peer: 'p', candidate: { candidate: 'candidate:1 \u0000' } },
    ]) {
      const refused = await signal(malformed);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().message).toBeTruthy();
    }
    const statuses: number[] = [];
    for (let i = 0; i < 181; i++)
      statuses.push((await signal({ kind: 'candidate', peer: 'p', candidate: { candidate: '' } })).statusCode);
    expect(statuses.filter((s) => s === 204).length).toBeLessThanOrEqual(180);
    expect(statuses.at(-1)).toBe(429);

    const closed = await call('POST', `/api/client/interventions/${id}/close`, bruno);
    expect(closed.statusCode, closed.body).toBe(200);
    const res = await call('POST', `/api/client/interventions/${id}/screen-share`, bruno);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Cette demande est close/);
  });

  /** A new client with two sessions (a phone and a computer), each sharing its screen on a request of its own. */
  const twoDevicesSharing = async (username: string) => {
    const { id: clientId, headers: phone } = await newClient(one, admin, username, { plan: 'pro' });
    const computer = await clientLogin(one, username, PASSWORD);
    const onPhone = await start(await newRequest(phone), phone);
    const onComputer = await start(await newRequest(computer), computer);
    return { clientId, phone, computer, onPhone, onComputer };
  };
  /** Julien joined it `minutes` ago (the record says so; the test does not wait for it). */
  const joinedMinutesAgo = (shareId: number, minutes: number) =>
    one.db
      .update(screenShares)
      .set({ joinedAt: new Date(Date.now() - minutes * 60_000) })
      .where(eq(screenShares.id, shareId));
  const shareRow = async (id: number) => (await one.db.select().from(screenShares).where(eq(screenShares.id, id)))[0]!;

  it('ends a share when the session that opened it signs out, with nothing added when nobody had joined', async () => {
    const { phone, onPhone, onComputer } = await twoDevicesSharing('chloe');
    const out = await call('POST', '/api/client/logout', phone);
    expect(out.statusCode).toBe(200);
    const row = await shareRow(onPhone.id);
    // Its record keeps times, nothing of the session.
    expect(row).toMatchObject({ endedBy: 'sign_out', durationMinutes: 0, clientSessionHash: null });
    expect(row.endedAt).not.toBeNull();
    expect(
      await one.db.$count(interventionMessages, eq(interventionMessages.interventionId, onPhone.interventionId)),
    ).toBe(0);
    const [request] = await one.db.select().from(interventions).where(eq(interventions.id, onPhone.interventionId));
    expect(request!.durationMinutes).toBeNull();
    // The computer's session is still open, and so is the share it opened.
    expect((await shareRow(onComputer.id)).endedAt).toBeNull();
  });

  it('ends a share when a new password set on another device closes its session, and tells the member', async () => {
    const { phone, computer, onPhone: first, onComputer } = await twoDevicesSharing('denise');
    // The phone starts again on the same request: the first share ends there and a second one runs.
    const onPhone = await start(first.interventionId, phone);
    expect(await shareRow(first.id)).toMatchObject({ endedBy: 'page_closed' });
    expect(onPhone.id).not.toBe(onPhone.interventionId);
    await takeInCharge(onPhone.interventionId, julien);
    const staffPage = await listen('/api/admin/events', julien.headers);
    const changed = await call('POST', '/api/client/password', computer, {
      currentPassword: PASSWORD,
      newPassword: 'Volcan-Tisane-Boussole-88',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // The database announces the phone's ended session; the share it opened ends on its own, and Julien's page hears
    // it. The event names the share, not only the request: a page that missed it ends its own share, never a newer one.
    const told = await staffPage.next(
      (e) =>
        e.event === 'message' &&
        (JSON.parse(e.data) as LiveEvent).kind === 'intervention.screen_share_ended' &&
        (JSON.parse(e.data) as LiveEvent).subjectId === onPhone.id,
    );
    expect(JSON.parse(told.data)).toMatchObject({ interventionId: onPhone.interventionId });
    expect(await shareRow(onPhone.id)).toMatchObject({ endedBy: 'sign_out', durationMinutes: 0 });
    // The computer changed the password and keeps its session: its share goes on.
    expect((await shareRow(onComputer.id)).endedAt).toBeNull();
    const running = (await call('GET', '/api/admin/screen-shares', admin)).json<RunningScreenShare[]>();
    expect(running.map((r) => r.id)).toContain(onComputer.id);
    expect(running.map((r) => r.id)).not.toContain(onPhone.id);
  });

  it('ends at start-up, as of its expiry, a share whose session expired while no server was listening', async () => {
    // Both shares began two hours ago.
    one.clock.set(new Date(Date.now() - 2 * 3600_000));
    const { phone, onPhone, onComputer } = await twoDevicesSharing('emile');
    one.clock.set(new Date());
    // An expiry is no deletion, and so no notice: the phone's session ran out an hour ago.
    const expired = new Date(Date.now() - 3600_000);
    await one.db
      .update(clientSessions)
      .set({ expiresAt: expired })
      .where(eq(clientSessions.idHash, hashSessionToken(phone.cookie!.split('=')[1]!)));
    const three = await createTestApp({}, { database: one.database });
    try {
      const row = await shareRow(onPhone.id);
      expect(row).toMatchObject({ endedBy: 'sign_out' });
      expect(row.endedAt!.getTime()).toBe(expired.getTime());
      expect((await shareRow(onComputer.id)).endedAt).toBeNull();
    } finally {
      await three.close();
    }
  });

  it('ends a share from before sessions were kept on it once its client has no session left', async () => {
    const { phone, computer, onPhone, onComputer } = await twoDevicesSharing('fanny');
    await one.db.update(screenShares).set({ clientSessionHash: null }).where(eq(screenShares.id, onPhone.id));
    const staffPage = await listen('/api/admin/events', admin);
    await call('POST', '/api/client/logout', phone);
    // The computer is still signed in: the old share may be its.
    expect((await shareRow(onPhone.id)).endedAt).toBeNull();
    await call('POST', '/api/client/logout', computer);
    await staffPage.next(
      (e) =>
        e.event === 'message' &&
        (JSON.parse(e.data) as LiveEvent).kind === 'intervention.screen_share_ended' &&
        (JSON.parse(e.data) as LiveEvent).subjectId === onPhone.id,
    );
    expect(await shareRow(onPhone.id)).toMatchObject({ endedBy: 'sign_out' });
    expect(await shareRow(onComputer.id)).toMatchObject({ endedBy: 'sign_out' });
  });

  it('refuses a share from a session that ended before it was saved', async () => {
    const { clientId, phone, onPhone } = await twoDevicesSharing('gaelle');
    const session = hashSessionToken(phone.cookie!.split('=')[1]!);
    await one.db.delete(clientSessions).where(eq(clientSessions.idHash, session));
    await expect(
      startScreenShare(one.db, { clientId, sessionHash: session }, onPhone.interventionId),
    ).rejects.toMatchObject({ statusCode: 401 });
  });

  it('ends the share running on a request when it closes, its minutes in the duration the closing e-mails', async () => {
    const { phone, onPhone, onComputer } = await twoDevicesSharing('hugo');
    await takeInCharge(onPhone.interventionId, julien);
    expect((await call('POST', `/api/admin/screen-shares/${onPhone.id}/join`, julien.headers)).statusCode).toBe(200);
    const taken = await call('PATCH', `/api/admin/interventions/${onPhone.interventionId}`, julien.headers, {
      status: 'in_progress',
    });
    expect(taken.statusCode, taken.body).toBe(200);
    // Julien joined six minutes ago and completes the request while the screen is still shared.
    await joinedMinutesAgo(onPhone.id, 6);
    const completed = await call('PATCH', `/api/admin/interventions/${onPhone.interventionId}`, julien.headers, {
      status: 'completed',
    });
    expect(completed.statusCode, completed.body).toBe(200);
    expect(await shareRow(onPhone.id)).toMatchObject({ endedBy: 'staff', durationMinutes: 6 });
    expect(completed.json()).toMatchObject({ status: 'completed', durationMinutes: 6 });
    const [mail] = await one.db
      .select({ params: outbox.params })
      .from(outbox)
      .where(eq(outbox.key, `intervention:${onPhone.interventionId}:status:completed`));
    expect(mail!.params).toMatchObject({ durationMinutes: 6 });

    // With « Terminer », the member gives the whole time spent: it stands, the share's line keeps its own minutes.
    const { onPhone: other } = await twoDevicesSharing('jules');
    await takeInCharge(other.interventionId, julien);
    expect((await call('POST', `/api/admin/screen-shares/${other.id}/join`, julien.headers)).statusCode).toBe(200);
    await joinedMinutesAgo(other.id, 6);
    for (const payload of [{ status: 'in_progress' }, { status: 'completed', durationMinutes: 20 }]) {
      const res = await call('PATCH', `/api/admin/interventions/${other.interventionId}`, julien.headers, payload);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await shareRow(other.id)).toMatchObject({ endedBy: 'staff', durationMinutes: 6 });
    const [finished] = await one.db.select().from(interventions).where(eq(interventions.id, other.interventionId));
    expect(finished!.durationMinutes).toBe(20);

    // The client closing their own request ends the share on it too.
    const closed = await call('POST', `/api/client/interventions/${onComputer.interventionId}/close`, phone);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await shareRow(onComputer.id)).toMatchObject({ endedBy: 'client', durationMinutes: 0 });
  });

  it('ends an erased client’s running share in the erasure, keeping its times and nothing that names them', async () => {
    const { clientId, phone, onPhone, onComputer } = await twoDevicesSharing('ines');
    expect((await call('POST', '/api/client/erasure-request', phone)).statusCode).toBe(202);
    const [request] = await one.db
      .select({ id: inboxItems.id })
      .from(inboxItems)
      .where(and(eq(inboxItems.kind, 'erasure'), eq(inboxItems.clientId, clientId)));
    const erased = await call('POST', `/api/admin/contacts/${request!.id}/erase`, admin);
    expect(erased.statusCode, erased.body).toBe(200);
    for (const id of [onPhone.id, onComputer.id])
      expect(await shareRow(id)).toMatchObject({
        endedBy: 'sign_out',
        endedAt: expect.any(Date),
        clientSessionHash: null,
      });
    const journal = await one.db
      .select({ entityId: auditLog.entityId })
      .from(auditLog)
      .where(eq(auditLog.action, 'intervention.screen_share'));
    expect(journal.map((j) => j.entityId)).not.toContain(String(onPhone.interventionId));
    expect(await one.db.$count(liveEvents, eq(liveEvents.clientId, clientId))).toBe(0);
  });

  it('puts the shares in the client’s data export, times only', async () => {
    const { data } = await downloadClientData<{
      screenShares: { durationMinutes: number; endedBy: string }[];
      interventions: { messages: { body: string; notice: boolean }[] }[];
    }>(one, anne);
    // The share's line in the conversation says it is a notice, not something the team wrote.
    expect(data.interventions.flatMap((i) => i.messages)).toContainEqual(
      expect.objectContaining({ body: 'Partage d’écran : 14 min avec Julien', notice: true }),
    );
    const shares = data.screenShares;
    expect(shares).toContainEqual(expect.objectContaining({ durationMinutes: 14, endedBy: 'client' }));
    expect(Object.keys(shares[0]!).sort()).toEqual(
      ['durationMinutes', 'endedAt', 'endedBy', 'interventionId', 'joinedAt', 'startedAt'].sort(),
    );
  });
});
