import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Tx } from '#server/db/client.ts';
import { clients, devices, interventions, orders } from '#server/db/schema.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { someoneWaitsForALock } from '#server/test/lock-waits.ts';
import { newClient, staffLogin } from '#server/test/fixtures.ts';
import type { ClientIntervention } from '#shared/interventions/intervention-api.ts';

type Reply = { statusCode: number; body: string };

// On PostgreSQL, where transactions run side by side. An erasure holds the client's account, then changes their
// requests, devices and orders. A member's change to one of those that held the row first, then queued its e-mail to
// the client (a row that points at the account), would each wait on the other, and PostgreSQL would cancel one: a 500
// for the member, or a failed erasure. Each change takes the account first (services/clients/account-lock.ts).
describe.skipIf(process.env.TEST_DB !== 'postgres')(
  '[PRIVACY] a change waits for an erasure holding the account',
  () => {
    let t: TestApp;
    let staff: Record<string, string>;
    beforeAll(async () => {
      t = await createTestApp();
      staff = await staffLogin(t);
    });
    afterAll(async () => t.close());

    /**
     * Sends the member's change while a transaction holds the account as an erasure does, then makes the erasure's own
     * write to the row the change is about, and commits.
     */
    async function duringAnErasure(
      clientId: number,
      erasureWrite: (tx: Tx) => Promise<unknown>,
      change: () => Promise<Reply>,
    ) {
      let reply: Promise<Reply> | undefined;
      await t.db.transaction(async (tx) => {
        await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).for('update');
        let answered = false;
        reply = change().finally(() => (answered = true));
        // A change refused at once waits for nothing: its answer is checked below.
        await vi.waitFor(async () => expect(answered || (await someoneWaitsForALock(t.db))).toBe(true), {
          timeout: 30_000,
          interval: 20,
        });
        await erasureWrite(tx);
      });
      return reply!;
    }

    async function newRequest(client: { headers: Record<string, string> }) {
      const asked = await t.app.inject({
        method: 'POST',
        url: '/api/client/interventions',
        headers: client.headers,
        payload: {
          description: 'Mon ordinateur redémarre seul',
          urgency: 'medium',
          deviceType: 'mac',
          deviceInfo: 'iMac',
        },
      });
      expect(asked.statusCode, asked.body).toBe(201);
      return asked.json<ClientIntervention>().id;
    }

    const blankRequest = (id: number) => (tx: Tx) =>
      tx.update(interventions).set({ staffNotes: '' }).where(eq(interventions.id, id));

    it('cancels a request while its client is being erased', async () => {
      const client = await newClient(t, staff, 'verrou-annule');
      const requestId = await newRequest(client);
      const res = await duringAnErasure(client.id, blankRequest(requestId), () =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/admin/interventions/${requestId}`,
          headers: staff,
          payload: { status: 'cancelled' },
        }),
      );
      expect(res.statusCode, res.body).toBe(200);
      const [request] = await t.db.select().from(interventions).where(eq(interventions.id, requestId));
      expect(request!.status).toBe('cancelled');
    });

    it('sends a reply on a request while its client is being erased', async () => {
      const client = await newClient(t, staff, 'verrou-reponse');
      const requestId = await newRequest(client);
      const res = await duringAnErasure(client.id, blankRequest(requestId), () =>
        t.app.inject({
          method: 'POST',
          url: `/api/admin/interventions/${requestId}/messages`,
          headers: staff,
          payload: { body: 'Bonjour, nous regardons cela.' },
        }),
      );
      expect(res.statusCode, res.body).toBe(201);
    });

    it('asks a proof of a device while its client is being erased', async () => {
      const client = await newClient(t, staff, 'verrou-appareil');
      const [device] = await t.db
        .insert(devices)
        .values({ clientId: client.id, deviceType: 'windows-laptop', deviceInfo: 'Portable Asus' })
        .returning();
      const res = await duringAnErasure(
        client.id,
        (tx) => tx.update(devices).set({ deviceInfo: '' }).where(eq(devices.id, device!.id)),
        () =>
          t.app.inject({
            method: 'POST',
            url: `/api/admin/devices/${device!.id}/request-proof`,
            headers: staff,
            payload: { message: 'La facture d’achat, s’il vous plaît' },
          }),
      );
      expect(res.statusCode, res.body).toBe(200);
    });

    it('marks an order paid while its client is being erased', async () => {
      const client = await newClient(t, staff, 'verrou-commande', { paymentStatus: 'pending' });
      const [order] = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.clientId, client.id));
      const res = await duringAnErasure(
        client.id,
        (tx) => tx.update(orders).set({ notes: '' }).where(eq(orders.id, order!.id)),
        () =>
          t.app.inject({
            method: 'PATCH',
            url: `/api/admin/manual-orders/${order!.id}`,
            headers: staff,
            payload: { paymentStatus: 'paid' },
          }),
      );
      expect(res.statusCode, res.body).toBe(200);
      const [paid] = await t.db.select().from(orders).where(eq(orders.id, order!.id));
      expect(paid!.paymentStatus).toBe('paid');
    });
  },
);
