import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, screenShares, staffUsers } from '#server/db/schema.ts';
import { createTestApp, TEST_ADMIN, type TestApp } from '#server/test/harness.ts';
import { openEventStream, type EventStream, type StreamEvent } from '#server/test/event-stream.ts';
import { newClient, newTechnician, staffLogin } from '#server/test/fixtures.ts';
import type { ClientIntervention } from '#shared/interventions/intervention-api.ts';
import type { ScreenShareSession, Signal } from '#shared/remote/screen-share-api.ts';

type Member = { id: number; headers: Record<string, string> };

// The picture goes from the client's page to the member's, never through the server: the server cuts it by ending
// the share, which tells the client's page to stop sharing. It does so when the member watching may no longer watch.
describe('[REMOTE] a screen share ends when its watcher may no longer watch it', () => {
  let t: TestApp;
  let url: string;
  let admin: Record<string, string>;
  const streams: EventStream[] = [];
  let next = 0;

  beforeAll(async () => {
    t = await createTestApp();
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    admin = await staffLogin(t);
  });
  afterAll(async () => {
    streams.forEach((s) => s.close());
    await t.close();
  });

  const call = (
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    headers: Record<string, string>,
    payload?: object,
  ) => t.app.inject({ method, url: path, headers, ...(payload ? { payload } : {}) });

  /** A client sharing their screen on a request `handler` takes, watched by `watcher`; the client's page listening. */
  async function watched(handler: Member, watcher: Member = handler) {
    const client = await newClient(t, admin, `partage-${++next}`);
    const asked = await call('POST', '/api/client/interventions', client.headers, {
      description: 'Mon écran se fige',
      urgency: 'medium',
      deviceType: 'pc_windows',
      deviceInfo: 'HP',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const requestId = asked.json<ClientIntervention>().id;
    const taken = await call('PUT', `/api/admin/interventions/${requestId}/assignee`, admin, { staffId: handler.id });
    expect(taken.statusCode, taken.body).toBe(200);
    const page = await openEventStream(`${url}/api/client/events`, client.headers);
    streams.push(page);
    await page.next((e) => e.event === 'ready');
    const started = await call('POST', `/api/client/interventions/${requestId}/screen-share`, client.headers);
    expect(started.statusCode, started.body).toBe(201);
    const shareId = started.json<ScreenShareSession>().share.id;
    const joined = await call('POST', `/api/admin/screen-shares/${shareId}/join`, watcher.headers);
    expect(joined.statusCode, joined.body).toBe(200);
    await page.next(signal('join', shareId));
    return { requestId, shareId, page };
  }
  const signal = (kind: string, shareId: number) => (e: StreamEvent) =>
    e.event === 'signal' &&
    (JSON.parse(e.data) as Signal).kind === kind &&
    (JSON.parse(e.data) as Signal).shareId === shareId;
  const shareRow = async (id: number) => (await t.db.select().from(screenShares).where(eq(screenShares.id, id)))[0]!;
  const member = (name: string) =>
    newTechnician(t, { username: name, password: `motdepasse-${name}-1`, firstName: name });

  it('ends when the member watching is disabled, and the client’s page is told to stop', async () => {
    const julien = await member('julien');
    const { requestId, shareId, page } = await watched(julien);
    const disabled = await call('PATCH', `/api/admin/team/${julien.id}`, admin, { disabled: true });
    expect(disabled.statusCode, disabled.body).toBe(200);
    await page.next(signal('end', shareId));
    expect(await shareRow(shareId)).toMatchObject({ endedBy: 'staff', endedAt: expect.any(Date) });
    // The client did nothing: the journal says the server ended it, not the client.
    const [ended] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'intervention.screen_share'), eq(auditLog.entityId, String(requestId))));
    expect(ended).toMatchObject({ staffId: null, staffUsername: 'serveur', after: { endedBy: 'staff' } });
  });

  it('ends when an admin closes every session of the member watching', async () => {
    const lea = await member('lea');
    const { shareId, page } = await watched(lea);
    const ended = await call('DELETE', `/api/admin/team/${lea.id}/sessions`, admin);
    expect(ended.statusCode, ended.body).toBe(200);
    // The database announces the ended sessions; the pass that follows ends the share.
    await page.next(signal('end', shareId));
    expect(await shareRow(shareId)).toMatchObject({ endedBy: 'staff' });
  });

  it('ends when the request is given to someone else, not when the one watching may still watch', async () => {
    const marc = await member('marc');
    const paul = await member('paul');
    const { requestId, shareId, page } = await watched(marc);
    const given = await call('PUT', `/api/admin/interventions/${requestId}/assignee`, admin, { staffId: paul.id });
    expect(given.statusCode, given.body).toBe(200);
    await page.next(signal('end', shareId));
    expect(await shareRow(shareId)).toMatchObject({ endedBy: 'staff' });

    // An admin watching a request handled by a member watches on when it changes hands: admins may watch any.
    const second = await watched(paul, { id: (await adminRow()).id, headers: admin });
    const again = await call('PUT', `/api/admin/interventions/${second.requestId}/assignee`, admin, {
      staffId: marc.id,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await shareRow(second.shareId)).endedAt).toBeNull();
  });

  it('ends when the admin watching a colleague’s request is no longer an admin', async () => {
    const sophie = await member('sophie');
    const chef = await member('chef');
    await t.db.update(staffUsers).set({ role: 'admin' }).where(eq(staffUsers.id, chef.id));
    const { shareId, page } = await watched(sophie, chef);
    const demoted = await call('PATCH', `/api/admin/team/${chef.id}`, admin, { role: 'technicien' });
    expect(demoted.statusCode, demoted.body).toBe(200);
    await page.next(signal('end', shareId));
    expect(await shareRow(shareId)).toMatchObject({ endedBy: 'staff' });
  });

  const adminRow = async () =>
    (await t.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, TEST_ADMIN.username)))[0]!;
});
