import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { interventionMessages, screenShares } from '#server/db/schema.ts';
import { newClient, newTechnician, staffLogin } from '#server/test/fixtures.ts';
import { endSilentShares, silentSharesDefinition } from '#server/services/remote/silent-shares.ts';
import { endEach } from '#server/services/remote/screen-shares.ts';
import type { ClientIntervention } from '#shared/interventions/intervention-api.ts';
import type { ScreenShareSession } from '#shared/remote/screen-share-api.ts';

const MINUTE = 60_000;

describe('[REMOTE] a screen share whose page went silent ends by itself', () => {
  let t: TestApp;
  let julien: { id: number; headers: Record<string, string> };
  const clients: Record<string, Record<string, string>> = {};
  const call = (method: 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const start = new Date();
  const at = (minutes: number) => t.clock.set(new Date(start.getTime() + minutes * MINUTE));
  const failures: unknown[] = [];
  const pass = () => endSilentShares(t.db, t.clock.now(), (error) => failures.push(error));
  const shareRow = async (id: number) => (await t.db.select().from(screenShares).where(eq(screenShares.id, id)))[0]!;

  /** Anne's request, shared from minute 0 and watched by Julien from minute `joinAt` (null: nobody joins). */
  async function watchedShare(joinAt: number | null = 0) {
    at(0);
    const created = await call('POST', '/api/client/interventions', clients.anne!, {
      description: 'Mon ordinateur est très lent',
      urgency: 'medium',
      deviceType: 'pc_windows',
      deviceInfo: 'Dell',
    });
    const id = created.json<ClientIntervention>().id;
    await call('PUT', `/api/admin/interventions/${id}/assignee`, julien.headers, { staffId: julien.id });
    const started = await call('POST', `/api/client/interventions/${id}/screen-share`, clients.anne!);
    expect(started.statusCode, started.body).toBe(201);
    const { share } = started.json<ScreenShareSession>();
    if (joinAt !== null) {
      at(joinAt);
      expect((await call('POST', `/api/admin/screen-shares/${share.id}/join`, julien.headers)).statusCode).toBe(200);
    }
    return share;
  }

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await staffLogin(t);
    julien = await newTechnician(t, { username: 'julien', password: 'motdepasse-julien-1', firstName: 'Julien' });
    for (const name of ['anne', 'bruno']) clients[name] = (await newClient(t, admin, name, { plan: 'pro' })).headers;
  });
  afterAll(async () => t.close());

  it('keeps a share whose page says it is there; one silent for three minutes ends as of its last sign of life', async () => {
    const share = await watchedShare();
    at(2);
    const alive = await call('POST', `/api/client/screen-shares/${share.id}/alive`, clients.anne!);
    expect(alive.statusCode, alive.body).toBe(204);
    // Another client's sign of life for it: as if it did not exist.
    expect((await call('POST', `/api/client/screen-shares/${share.id}/alive`, clients.bruno!)).statusCode).toBe(404);

    // Two and a half minutes since the page last spoke: still running.
    at(4.5);
    await pass();
    expect((await shareRow(share.id)).endedAt).toBeNull();

    // Three and a half: it ends, as of minute 2, with the two minutes Julien watched, as any end is recorded.
    at(5.5);
    await pass();
    expect(failures).toEqual([]);
    const row = await shareRow(share.id);
    expect(row).toMatchObject({ endedBy: 'page_closed', durationMinutes: 2 });
    expect(row.endedAt!.getTime()).toBe(start.getTime() + 2 * MINUTE);
    const lines = await t.db
      .select({ body: interventionMessages.body })
      .from(interventionMessages)
      .where(eq(interventionMessages.interventionId, share.interventionId));
    expect(lines).toEqual([{ body: 'Partage d’écran : 2 min avec Julien' }]);

    // The page, back from sleep, says it is there: told the share has ended, it ends its side.
    at(6);
    const late = await call('POST', `/api/client/screen-shares/${share.id}/alive`, clients.anne!);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'SCREEN_SHARE_ENDED', message: 'Ce partage d’écran est terminé.' });
  });

  it('ends a share whose page never spoke, three minutes after it began', async () => {
    const share = await watchedShare();
    at(2.9);
    await pass();
    expect((await shareRow(share.id)).endedAt).toBeNull();
    at(3.1);
    await pass();
    // Never heard from after its start: it ends as of then, with the one minute a watched share counts at least.
    expect(await shareRow(share.id)).toMatchObject({ endedBy: 'page_closed', durationMinutes: 1 });
  });

  it('counts no minute when the page was gone before anyone joined, and ends a share whose page never spoke', async () => {
    // The page last spoke at minute 0; Julien joined at minute 2, into a share nobody was behind.
    const share = await watchedShare(2);
    // A page from before the signs of life: nothing recorded, its start stands for it.
    await t.db.update(screenShares).set({ lastSeenAt: null }).where(eq(screenShares.id, share.id));
    at(3.5);
    await pass();
    const row = await shareRow(share.id);
    expect(row).toMatchObject({ endedBy: 'page_closed', durationMinutes: 0 });
    expect(row.endedAt!.getTime()).toBe(start.getTime());
  });

  it('leaves running a share whose page spoke after the pass read it', async () => {
    const share = await watchedShare();
    at(5);
    expect((await call('POST', `/api/client/screen-shares/${share.id}/alive`, clients.anne!)).statusCode).toBe(204);
    // What a pass read at minute 3.5, before that sign of life, ended under the share's lock.
    const stale = [{ id: share.id, clientId: (await shareRow(share.id)).clientId, startedAt: start, endsAt: start }];
    await endEach(t.db, stale, 'page_closed', t.clock.now(), (error) => failures.push(error), {
      silentSince: new Date(start.getTime() + 30_000),
    });
    expect((await shareRow(share.id)).endedAt).toBeNull();
    expect(failures).toEqual([]);
  });

  it('does not hold against the pages a silence the server could not hear: after a gap it listens three minutes', async () => {
    const share = await watchedShare();
    const job = silentSharesDefinition({ db: t.db, clock: t.clock.now, log: { warn: () => undefined } });
    // The server comes back at minute 10: the page has not spoken since minute 0, but nobody could hear it.
    for (const minute of [10, 11, 12]) {
      at(minute);
      await job.handler({} as never);
      expect((await shareRow(share.id)).endedAt, `minute ${minute}`).toBeNull();
    }
    // Heard for three minutes now and still silent: it ends, as of its last sign of life.
    at(13.1);
    await job.handler({} as never);
    expect(await shareRow(share.id)).toMatchObject({ endedBy: 'page_closed', endedAt: start });
  });
});
