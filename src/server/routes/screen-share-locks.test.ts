import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clients, interventions, screenShares } from '#server/db/schema.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { someoneWaitsForALock } from '#server/test/lock-waits.ts';
import { clientLogin, postOrder, staffLogin } from '#server/test/fixtures.ts';
import { endShareOfClosingRequest } from '#server/services/remote/screen-shares.ts';
import { SCREEN_SHARE_ENDED } from '#shared/remote/screen-share-api.ts';
import { todayIso } from '#shared/format.ts';
import type { ClientIntervention } from '#shared/interventions/intervention-api.ts';
import type { ScreenShareSession } from '#shared/remote/screen-share-api.ts';

// On PostgreSQL, where transactions run side by side. Starting a share locks its request, then ends the share still
// running there; ending a share adds its minutes to the request. Both must take the request before the share, or an
// end and a new start at the same moment each hold what the other waits for, and PostgreSQL cancels one (a 500).
describe.skipIf(process.env.TEST_DB !== 'postgres')('[REMOTE] screen shares lock their request first', () => {
  let t: TestApp;
  let staff: Record<string, string>;
  let client: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    staff = await staffLogin(t);
    await postOrder(t, staff, {
      clientName: 'Anne Verrou',
      clientEmail: 'anne.verrou@exemple.fr',
      username: 'averrou',
      password: 'Azur-Passerelle-2026',
      orderDate: todayIso(),
      plan: 'pro',
    });
    client = await clientLogin(t, 'averrou', 'Azur-Passerelle-2026');
  });
  afterAll(async () => t.close());

  it('ends a watched share while a new start holds its request, then takes the share', async () => {
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/client/interventions',
      headers: client,
      payload: {
        description: 'Mon imprimante ne répond plus',
        urgency: 'medium',
        deviceType: 'pc_windows',
        deviceInfo: 'HP',
      },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const requestId = asked.json<ClientIntervention>().id;
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/client/interventions/${requestId}/screen-share`,
      headers: client,
    });
    expect(started.statusCode, started.body).toBe(201);
    const shareId = started.json<ScreenShareSession>().share.id;
    const joined = await t.app.inject({
      method: 'POST',
      url: `/api/admin/screen-shares/${shareId}/join`,
      headers: staff,
    });
    expect(joined.statusCode, joined.body).toBe(200);

    let ended: Promise<{ statusCode: number; body: string }> | undefined;
    await t.db.transaction(async (tx) => {
      // What « Partager mon écran » does first, on the same request.
      await tx
        .select({ id: interventions.id })
        .from(interventions)
        .where(eq(interventions.id, requestId))
        .for('update');
      ended = t.app.inject({
        method: 'POST',
        url: `/api/client/screen-shares/${shareId}/end`,
        headers: client,
        payload: { reason: 'client' },
      });
      await vi.waitFor(async () => expect(await someoneWaitsForALock(t.db)).toBe(true), {
        timeout: 30_000,
        interval: 20,
      });
      // Then the share still running there: the end, waiting for the request, holds nothing this needs.
      await tx.select({ id: screenShares.id }).from(screenShares).where(eq(screenShares.id, shareId)).for('update');
    });
    const res = await ended!;
    expect(res.statusCode, res.body).toBe(200);
    const [request] = await t.db.select().from(interventions).where(eq(interventions.id, requestId));
    expect(request!.durationMinutes).toBe(1);
  });

  it('starts a share after an erasure that holds the account, instead of each waiting on the other', async () => {
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/client/interventions',
      headers: client,
      payload: { description: 'Mon écran clignote', urgency: 'low', deviceType: 'mac', deviceInfo: 'iMac' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const requestId = asked.json<ClientIntervention>().id;
    const [{ clientId }] = (await t.db
      .select({ clientId: interventions.clientId })
      .from(interventions)
      .where(eq(interventions.id, requestId))) as [{ clientId: number }];

    let started: Promise<{ statusCode: number; body: string }> | undefined;
    await t.db.transaction(async (tx) => {
      // What an erasure does first: the account, then its requests.
      await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).for('update');
      started = t.app.inject({
        method: 'POST',
        url: `/api/client/interventions/${requestId}/screen-share`,
        headers: client,
      });
      await vi.waitFor(async () => expect(await someoneWaitsForALock(t.db)).toBe(true), {
        timeout: 30_000,
        interval: 20,
      });
      // The start waits for the account before it takes the request: this write goes through.
      await tx.update(interventions).set({ updatedAt: new Date() }).where(eq(interventions.id, requestId));
    });
    const res = await started!;
    expect(res.statusCode, res.body).toBe(201);
  });

  it('lets a member join only once a closing that holds the request is done, and then refuses: the share ended', async () => {
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/client/interventions',
      headers: client,
      payload: { description: 'Mon clavier tape tout seul', urgency: 'low', deviceType: 'mac', deviceInfo: 'MacBook' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const requestId = asked.json<ClientIntervention>().id;
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/client/interventions/${requestId}/screen-share`,
      headers: client,
    });
    expect(started.statusCode, started.body).toBe(201);
    const share = started.json<ScreenShareSession>().share;
    const [{ clientId }] = (await t.db
      .select({ clientId: interventions.clientId })
      .from(interventions)
      .where(eq(interventions.id, requestId))) as [{ clientId: number }];

    let joined: Promise<{ statusCode: number; body: string }> | undefined;
    let settled = false;
    await t.db.transaction(async (tx) => {
      // What closing the request does first: hold it.
      await tx
        .select({ id: interventions.id })
        .from(interventions)
        .where(eq(interventions.id, requestId))
        .for('update');
      joined = t.app.inject({ method: 'POST', url: `/api/admin/screen-shares/${share.id}/join`, headers: staff });
      void joined.finally(() => (settled = true));
      await vi.waitFor(async () => expect(settled || (await someoneWaitsForALock(t.db))).toBe(true), {
        timeout: 30_000,
        interval: 20,
      });
      expect(settled, 'the member joined a share its request’s closing was ending').toBe(false);
      // Then it ends the share running there, and counts its minutes: nobody has joined it.
      await endShareOfClosingRequest(tx, requestId, { side: 'client', clientId }, new Date());
    });
    const res = await joined!;
    expect(res.statusCode, res.body).toBe(409);
    expect(JSON.parse(res.body)).toMatchObject({ message: SCREEN_SHARE_ENDED });
    const [row] = await t.db.select().from(screenShares).where(eq(screenShares.id, share.id));
    expect(row).toMatchObject({ staffId: null, joinedAt: null, durationMinutes: 0 });
  });
});
