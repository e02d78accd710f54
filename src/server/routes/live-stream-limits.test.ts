import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { openEventStream, type EventStream } from '#server/test/event-stream.ts';
import { clientLogin, postOrder, staffLogin } from '#server/test/fixtures.ts';
import { SESSION_STREAMS_CLOSED, STREAM_LIMITS } from '#server/services/live/stream-limits.ts';
import { todayIso } from '#shared/format.ts';

const PASSWORD = 'Azur-Passerelle-2026';

// Each open stream holds a socket: one session, one address or everyone together cannot take them all.
describe('[SECURITY][LIVE] live-event streams: a few per session, a count per address, a ceiling per instance', () => {
  let t: TestApp;
  let url: string;
  const clients: Record<string, string>[] = [];
  const streams: EventStream[] = [];
  const open = async (headers: Record<string, string>) => {
    const s = await openEventStream(`${url}/api/client/events`, headers);
    streams.push(s);
    await s.next((e) => e.event === 'ready');
    return s;
  };
  const attempt = (headers: Record<string, string>) =>
    fetch(`${url}/api/client/events`, { headers: { accept: 'text/event-stream', ...headers } });

  beforeAll(async () => {
    t = await createTestApp();
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const staff = await staffLogin(t);
    for (const name of ['lea', 'marc', 'nina']) {
      await postOrder(t, staff, {
        clientName: name,
        clientEmail: `${name}@exemple.fr`,
        username: name,
        password: PASSWORD,
        orderDate: todayIso(),
        plan: 'pro',
      });
      clients.push(await clientLogin(t, name, PASSWORD));
    }
  });
  afterAll(async () => {
    streams.forEach((s) => s.close());
    await t.close();
  });

  it('a session past its streams closes its oldest with a last event saying why, and no reconnection soon', async () => {
    t.app.live.limits = { ...STREAM_LIMITS, perSession: 2, perAddress: 100, perInstance: 100 };
    const first = await open(clients[0]!);
    await open(clients[0]!);
    expect(t.app.live.size).toBe(2);
    await open(clients[0]!);
    const last = await first.next((e) => e.event === 'closed');
    expect(JSON.parse(last.data)).toEqual({ message: SESSION_STREAMS_CLOSED });
    expect(t.app.live.size).toBe(2);
    streams.splice(0).forEach((s) => s.close());
  });

  it('refuses a stream past the count of its address (429) and past the instance ceiling (503), in French with Retry-After', async () => {
    await expect.poll(() => t.app.live.size).toBe(0);
    t.app.live.limits = { ...STREAM_LIMITS, perSession: 2, perAddress: 3, perInstance: 100 };
    await open(clients[0]!);
    await open(clients[0]!);
    await open(clients[1]!);
    const crowded = await attempt(clients[2]!);
    expect(crowded.status).toBe(429);
    expect(crowded.headers.get('retry-after')).toBe('30');
    expect(await crowded.json()).toMatchObject({
      code: 'LIVE_TOO_MANY',
      message: expect.stringMatching(/^Trop de pages ouvertes depuis votre connexion/),
    });

    t.app.live.limits = { ...STREAM_LIMITS, perSession: 2, perAddress: 100, perInstance: 3 };
    const busy = await attempt(clients[2]!);
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('30');
    expect(await busy.json()).toMatchObject({
      code: 'LIVE_BUSY',
      message: expect.stringMatching(/^Le serveur suit déjà beaucoup de pages ouvertes/),
    });
    // The refused ones hold nothing; a page closed frees its place.
    expect(t.app.live.size).toBe(3);
    streams.pop()!.close();
    await expect.poll(() => t.app.live.size).toBe(2);
    expect((await open(clients[2]!)).status).toBe(200);
  });

  it('refuses a session opening streams too fast before reading it: no database work for a flood', async () => {
    streams.splice(0).forEach((s) => s.close());
    await expect.poll(() => t.app.live.size).toBe(0);
    t.app.live.limits = { ...STREAM_LIMITS, opensPerSession: 2 };
    // A cookie no session has: past the allowance it is refused (429) before anyone looks it up (which says 401).
    const forged = { cookie: 'rfs_client=inconnu-0123456789' };
    expect((await attempt(forged)).status).toBe(401);
    expect((await attempt(forged)).status).toBe(401);
    const flood = await attempt(forged);
    expect(flood.status).toBe(429);
    expect(flood.headers.get('retry-after')).toBe('60');
    expect(await flood.json()).toMatchObject({
      code: 'LIVE_TOO_MANY',
      message: expect.stringMatching(/coup sur coup/),
    });
    // Another session from the same address still opens its stream.
    expect((await open(clients[1]!)).status).toBe(200);
  });
});
