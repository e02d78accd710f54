import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, inboxItems, interventions, outbox } from '#server/db/schema.ts';
import type { AdminInterventionDto, ClientIntervention } from '#shared/interventions/intervention-api.ts';
import type { LiveEvent } from '#shared/live/live-api.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { openEventStream, type EventStream } from '#server/test/event-stream.ts';
import { newClient, staffLogin } from '#server/test/fixtures.ts';

const ASK = { description: 'Mon imprimante ne répond plus', urgency: 'medium', deviceType: 'mac', deviceInfo: 'iMac' };

describe('[ADMIN][ERASURE] an erased client’s requests still open are cancelled', () => {
  let t: TestApp;
  let staff: Record<string, string>;
  let staffPage: EventStream;
  let client: { id: number; headers: Record<string, string> };
  const ids = { pending: 0, inProgress: 0, completed: 0 };

  const ask = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client/interventions',
      headers: client.headers,
      payload: ASK,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<ClientIntervention>().id;
  };
  const setStatus = async (id: number, status: string) => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/interventions/${id}`,
      headers: staff,
      payload: { status },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const queue = async (status: string) =>
    (
      await t.app.inject({ method: 'GET', url: `/api/admin/interventions?status=${status}&limit=200`, headers: staff })
    ).json<AdminInterventionDto[]>();

  beforeAll(async () => {
    t = await createTestApp();
    staff = await staffLogin(t);
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    client = await newClient(t, staff, 'efface-ouvert');
    ids.pending = await ask();
    ids.inProgress = await ask();
    await setStatus(ids.inProgress, 'in_progress');
    ids.completed = await ask();
    await setStatus(ids.completed, 'in_progress');
    await setStatus(ids.completed, 'completed');
    staffPage = await openEventStream(`${url}/api/admin/events`, staff);
    expect(staffPage.status).toBe(200);
    await staffPage.next((e) => e.event === 'ready');
  });
  afterAll(async () => {
    staffPage.close();
    await t.close();
  });

  it('cancels them with the erasure, tells staff’s open pages, writes nothing to the client', async () => {
    expect((await queue('pending')).map((i) => i.id)).toContain(ids.pending);
    expect((await queue('in_progress')).map((i) => i.id)).toContain(ids.inProgress);
    const asked = await t.app.inject({ method: 'POST', url: '/api/client/erasure-request', headers: client.headers });
    expect(asked.statusCode, asked.body).toBe(202);
    const [request] = await t.db
      .select({ id: inboxItems.id })
      .from(inboxItems)
      .where(and(eq(inboxItems.clientId, client.id), eq(inboxItems.kind, 'erasure')));
    await t.drain();
    const mailsBefore = await t.db.$count(outbox);

    const erased = await t.app.inject({
      method: 'POST',
      url: `/api/admin/contacts/${request!.id}/erase`,
      headers: staff,
    });
    expect(erased.statusCode, erased.body).toBe(200);

    // Nobody is left to help: the queue no longer carries them; the one already done stays done.
    const statuses = Object.fromEntries(
      (await t.db.select().from(interventions).where(eq(interventions.clientId, client.id))).map((i) => [
        i.id,
        i.status,
      ]),
    );
    expect(statuses).toEqual({
      [ids.pending]: 'cancelled',
      [ids.inProgress]: 'cancelled',
      [ids.completed]: 'completed',
    });
    expect((await queue('pending')).map((i) => i.id)).not.toContain(ids.pending);
    expect((await queue('in_progress')).map((i) => i.id)).not.toContain(ids.inProgress);

    // Each open page of staff hears of each, in words that name nobody.
    for (const id of [ids.pending, ids.inProgress]) {
      const heard = await staffPage.next(
        (e) => e.event === 'message' && (JSON.parse(e.data) as LiveEvent).interventionId === id,
      );
      expect(JSON.parse(heard.data)).toMatchObject({
        kind: 'intervention.status',
        text: `Demande #${id} : annulée (compte client effacé)`,
      });
    }

    // The history says who cancelled them and from what; the erasure's trace counts them.
    const history = await t.db.select().from(auditLog).where(eq(auditLog.action, 'intervention.update'));
    for (const [id, from] of [
      [ids.pending, 'pending'],
      [ids.inProgress, 'in_progress'],
    ] as const) {
      expect(history.filter((a) => a.entityId === String(id)).at(-1)).toMatchObject({
        staffUsername: 'staff',
        before: { status: from },
        after: { status: 'cancelled' },
      });
    }
    const [trace] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'client.erase'));
    expect(trace!.after).toMatchObject({ interventions: 3, interventionsCancelled: 2 });

    // Only the erasure's own message leaves: no « demande annulée » to an erased person.
    const mails = (await t.db.select().from(outbox)).slice(mailsBefore);
    expect(mails.map((m) => m.kind)).toEqual(['erasure_done']);
  });
});
