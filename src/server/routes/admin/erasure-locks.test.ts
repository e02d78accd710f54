import { randomBytes } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  clients,
  devices,
  inboxItems,
  interventionMessages,
  interventions,
  orders,
  liveEvents,
  outbox,
  passwordResetTokens,
} from '#server/db/schema.ts';
import { scanResponseAlerts } from '#server/services/interventions/response-alerts.ts';
import { renewalReminderDefinition } from '#server/services/subscriptions/renewal-reminders.ts';
import { addDays } from '#server/services/calendar/paris-calendar.ts';
import { todayIso } from '#shared/format.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { someoneWaitsForALock } from '#server/test/lock-waits.ts';
import { CLIENT_PASSWORD, newClient, postOrder, staffLogin } from '#server/test/fixtures.ts';
import { eraseLockedClient } from '#server/services/privacy/erasure.ts';
import { hashSessionToken } from '#server/services/security/sessions.ts';
import type { ClientIntervention } from '#shared/interventions/intervention-api.ts';
import { THREAD_CLOSED_FOR_STAFF } from '#shared/interventions/thread-api.ts';

type Reply = { statusCode: number; body: string };
type Client = { id: number; headers: Record<string, string> };

// On PostgreSQL, where transactions run side by side. An erasure locks the client's account, then changes their
// requests, devices, orders, inbox items and reset links. A change that held one of those rows first, then wrote a row
// pointing at the account (the client's e-mail in the outbox) or the account itself, would wait for the erasure while
// the erasure waited for it, and PostgreSQL would cancel one: a 500, or a failed erasure. Each change takes the account
// first (services/clients/account-lock.ts, docs/decisions/045), and a client's own change finds it erased.
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

    /** The ids of the client's erasure requests. */
    const erasureRequestsOf = async (clientId: number) =>
      (
        await t.db
          .select({ id: inboxItems.id })
          .from(inboxItems)
          .where(and(eq(inboxItems.clientId, clientId), eq(inboxItems.kind, 'erasure')))
      ).map((r) => r.id);

    /**
     * Sends the change while the client's erasure runs: the erasure takes the account, the change is sent and waits for
     * a lock, then the erasure does the rest (the real one, in that transaction) and commits.
     */
    async function duringAnErasure<T = Reply>(client: Client, change: () => Promise<T>) {
      const asked = await t.app.inject({ method: 'POST', url: '/api/client/erasure-request', headers: client.headers });
      expect(asked.statusCode, asked.body).toBe(202);
      const [requestId] = await erasureRequestsOf(client.id);
      let reply: Promise<T> | undefined;
      await t.db.transaction(async (tx) => {
        const [account] = await tx.select().from(clients).where(eq(clients.id, client.id)).for('update');
        let answered = false;
        reply = change().finally(() => (answered = true));
        // A change refused at once waits for nothing: its answer is checked by the caller.
        await vi.waitFor(async () => expect(answered || (await someoneWaitsForALock(t.db))).toBe(true), {
          timeout: 30_000,
          interval: 20,
        });
        await eraseLockedClient(
          tx,
          t.app.mail,
          { id: null, username: 'admin' },
          {
            requestId: requestId!,
            client: account!,
            now: new Date(),
            why: 'request',
          },
        );
      });
      return { reply: await reply!, erasureRequestId: requestId! };
    }

    async function newRequest(client: Client) {
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

    it('cancels a request while its client is being erased', async () => {
      const client = await newClient(t, staff, 'verrou-annule');
      const requestId = await newRequest(client);
      const { reply } = await duringAnErasure(client, () =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/admin/interventions/${requestId}`,
          headers: staff,
          payload: { status: 'cancelled' },
        }),
      );
      expect(reply.statusCode, reply.body).toBe(200);
      const [request] = await t.db.select().from(interventions).where(eq(interventions.id, requestId));
      expect(request!.status).toBe('cancelled');
    });

    it('sends a reply on a request while its client is being erased', async () => {
      const client = await newClient(t, staff, 'verrou-reponse');
      const requestId = await newRequest(client);
      const { reply } = await duringAnErasure(client, () =>
        t.app.inject({
          method: 'POST',
          url: `/api/admin/interventions/${requestId}/messages`,
          headers: staff,
          payload: { body: 'Bonjour, nous regardons cela.' },
        }),
      );
      // The erasure cancelled the request, nobody being left to read the reply: refused, in staff's words.
      expect(reply.statusCode, reply.body).toBe(409);
      expect(JSON.parse(reply.body)).toMatchObject({ code: 'THREAD_CLOSED', message: THREAD_CLOSED_FOR_STAFF });
      expect(await t.db.$count(interventionMessages, eq(interventionMessages.interventionId, requestId))).toBe(0);
    });

    it('asks a proof of a device while its client is being erased', async () => {
      const client = await newClient(t, staff, 'verrou-appareil');
      const [device] = await t.db
        .insert(devices)
        .values({ clientId: client.id, deviceType: 'windows-laptop', deviceInfo: 'Portable Asus' })
        .returning();
      const { reply } = await duringAnErasure(client, () =>
        t.app.inject({
          method: 'POST',
          url: `/api/admin/devices/${device!.id}/request-proof`,
          headers: staff,
          payload: { message: 'La facture d’achat, s’il vous plaît' },
        }),
      );
      expect(reply.statusCode, reply.body).toBe(200);
    });

    it('marks an order paid while its client is being erased', async () => {
      const client = await newClient(t, staff, 'verrou-commande', { paymentStatus: 'pending' });
      const [order] = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.clientId, client.id));
      const { reply } = await duringAnErasure(client, () =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/admin/manual-orders/${order!.id}`,
          headers: staff,
          payload: { paymentStatus: 'paid' },
        }),
      );
      expect(reply.statusCode, reply.body).toBe(200);
      const [paid] = await t.db.select().from(orders).where(eq(orders.id, order!.id));
      expect(paid!.paymentStatus).toBe('paid');
    });

    it('refuses an erasure request being confirmed: already handled, not a server error', async () => {
      const client = await newClient(t, staff, 'verrou-refus');
      let requestId = 0;
      const { reply, erasureRequestId } = await duringAnErasure(client, async () => {
        [requestId = 0] = await erasureRequestsOf(client.id);
        return t.app.inject({
          method: 'POST',
          url: `/api/admin/contacts/${requestId}/erasure/refuse`,
          headers: staff,
          payload: { reason: 'Un abonnement est encore en cours.' },
        });
      });
      expect(requestId).toBe(erasureRequestId);
      expect(reply.statusCode, reply.body).toBe(409);
      expect(reply.body).toContain('déjà été traitée');
    });

    it('refuses a new password through a link the erasure deleted, with the link’s own message', async () => {
      const client = await newClient(t, staff, 'verrou-lien');
      const token = randomBytes(32).toString('base64url');
      await t.db.insert(passwordResetTokens).values({
        tokenHash: hashSessionToken(token),
        clientId: client.id,
        createdAt: new Date(),
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      const { reply } = await duringAnErasure(client, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/reset-password',
          payload: { token, newPassword: 'Un-Nouveau-Secret-2026' },
        }),
      );
      expect(reply.statusCode, reply.body).toBe(400);
      const [account] = await t.db.select().from(clients).where(eq(clients.id, client.id));
      expect(account!.passwordHash).toBeNull();
    });

    it('refuses a client’s message that waited for their erasure, and keeps none of it', async () => {
      const client = await newClient(t, staff, 'verrou-message');
      const requestId = await newRequest(client);
      const { reply } = await duringAnErasure(client, () =>
        t.app.inject({
          method: 'POST',
          url: `/api/client/interventions/${requestId}/messages`,
          headers: client.headers,
          payload: { body: 'Mon numéro est le 06 12 34 56 78' },
        }),
      );
      expect(reply.statusCode, reply.body).toBe(401);
      const kept = await t.db
        .select()
        .from(interventionMessages)
        .where(eq(interventionMessages.interventionId, requestId));
      expect(kept).toEqual([]);
    });

    it('gives no password back to an account erased while the change waited', async () => {
      const client = await newClient(t, staff, 'verrou-motdepasse');
      const { reply } = await duringAnErasure(client, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/client/password',
          headers: client.headers,
          payload: { currentPassword: CLIENT_PASSWORD, newPassword: 'Un-Nouveau-Secret-2026' },
        }),
      );
      expect(reply.statusCode, reply.body).toBe(401);
      const [account] = await t.db.select().from(clients).where(eq(clients.id, client.id));
      expect(account!.passwordHash).toBeNull();
    });

    it('records no new erasure request for an account erased while it waited, and confirms none twice', async () => {
      const client = await newClient(t, staff, 'verrou-effacement');
      const { reply, erasureRequestId } = await duringAnErasure(client, () =>
        t.app.inject({ method: 'POST', url: '/api/client/erasure-request', headers: client.headers }),
      );
      expect(reply.statusCode, reply.body).toBe(401);
      expect(await erasureRequestsOf(client.id)).toEqual([erasureRequestId]);
      // One recorded all the same (by a server before this rule): confirming it erases nothing a second time.
      const [late] = await t.db
        .insert(inboxItems)
        .values({
          kind: 'erasure',
          name: 'Client supprimé',
          email: 'x@exemple.fr',
          clientId: client.id,
          subject: 's',
          message: 'm',
        })
        .returning({ id: inboxItems.id });
      const again = await t.app.inject({
        method: 'POST',
        url: `/api/admin/contacts/${late!.id}/erase`,
        headers: staff,
      });
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json().message).toBe('Les données de ce client ont déjà été effacées.');
    });

    it('sends no response alert about a client erased after the scan found their request', async () => {
      const client = await newClient(t, staff, 'verrou-alerte');
      const requestId = await newRequest(client);
      const deps = { db: t.db, mail: t.app.mail, clock: () => new Date(), staffEmail: 'equipe@exemple.fr' };
      // A month on, the request is past its time: the scan reads it, then waits for the account to alert.
      const { reply: done } = await duringAnErasure(client, () =>
        scanResponseAlerts({ ...deps, warnPercent: 75, escalatePercent: 100 }, new Date(Date.now() + 30 * 86_400_000)),
      );
      // The scan found it and claimed it after the erasure, then saw the account erased: nobody is left to answer.
      const [request] = await t.db.select().from(interventions).where(eq(interventions.id, requestId));
      expect(request!.escalatedAt).not.toBeNull();
      expect(done.escalated).not.toContain(requestId);
      expect(await t.db.$count(outbox, like(outbox.key, `intervention:${requestId}:staff_response_%`))).toBe(0);
      expect(await t.db.$count(liveEvents, eq(liveEvents.interventionId, requestId))).toBe(0);
    });

    it('records no plan asked for by a client being erased', async () => {
      const client = await newClient(t, staff, 'verrou-formule');
      const before = await t.db.$count(orders, eq(orders.clientId, client.id));
      const { reply } = await duringAnErasure(client, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/subscriptions',
          headers: client.headers,
          payload: { planId: 'pro', acceptCgv: true },
        }),
      );
      expect(reply.statusCode, reply.body).toBe(401);
      expect(await t.db.$count(orders, eq(orders.clientId, client.id))).toBe(before);
      expect(await t.db.$count(orders, eq(orders.clientEmail, 'verrou-formule@exemple.fr'))).toBe(before);
    });

    it('sends no renewal reminder to a client erased after the morning scan read them', async () => {
      const client = await newClient(t, staff, 'verrou-rappel');
      await t.db
        .update(orders)
        .set({ endsOn: addDays(todayIso(), 10) })
        .where(eq(orders.clientId, client.id));
      const reminders = renewalReminderDefinition({ db: t.db, mail: t.app.mail, clock: () => new Date() });
      // The scan ignores its job's data: it reads the day from the clock.
      await duringAnErasure(client, () => reminders.handler({} as never));
      const queued = await t.db
        .select()
        .from(outbox)
        .where(like(outbox.key, `renewal:client-${client.id}:%`));
      expect(queued).toEqual([]);
    });

    it('sends no renewal reminder about an order the erasure gave to the account while the reminder waited', async () => {
      const client = await newClient(t, staff, 'verrou-rappel-ancien');
      // An order of the account's e-mail that it did not take over (placed while it was being created), ending in 10 days.
      const early = await postOrder(t, staff, {
        clientName: 'Client verrou-rappel-ancien',
        clientEmail: 'verrou-rappel-ancien@exemple.fr',
        plan: 'basique',
        orderDate: todayIso(),
      });
      await t.db
        .update(orders)
        .set({ clientId: null, startsOn: addDays(todayIso(), -20), endsOn: addDays(todayIso(), 10) })
        .where(eq(orders.id, early.id));
      const asked = await t.app.inject({ method: 'POST', url: '/api/client/erasure-request', headers: client.headers });
      expect(asked.statusCode, asked.body).toBe(202);
      const [requestId] = await erasureRequestsOf(client.id);
      const reminders = renewalReminderDefinition({ db: t.db, mail: t.app.mail, clock: () => new Date() });
      let scan: Promise<void> | undefined;
      // The erasure has done its work, the order given to the account, when the morning scan reads that order.
      await t.db.transaction(async (tx) => {
        const [account] = await tx.select().from(clients).where(eq(clients.id, client.id)).for('update');
        await eraseLockedClient(
          tx,
          t.app.mail,
          { id: null, username: 'admin' },
          { requestId: requestId!, client: account!, now: new Date(), why: 'request' },
        );
        let done = false;
        scan = reminders.handler({} as never).finally(() => (done = true));
        await vi.waitFor(async () => expect(done || (await someoneWaitsForALock(t.db))).toBe(true), {
          timeout: 30_000,
          interval: 20,
        });
      });
      await scan;
      const queued = await t.db.select().from(outbox).where(like(outbox.key, 'renewal:%verrou-rappel-ancien%'));
      expect(queued).toEqual([]);
    });
  },
);
