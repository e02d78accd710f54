import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { auditLog, clients, outbox, inboxItems } from '#server/db/schema.ts';
import { ERASURE_ADMIN_ONLY, ERASURE_NO_STATUS } from '#server/services/inbox/inbox-items.ts';
import type { InboxItemDto } from '#shared/inbox/inbox-api.ts';
import { todayIso } from '#shared/format.ts';
import { clientLogin, newTechnician, postOrder, staffLogin } from '#server/test/fixtures.ts';

const TECHNICIAN = { username: 'tech', password: 'motdepasse-technicien' };
const REASON = 'Une intervention est en cours : nous effacerons vos données dès sa clôture.';

describe('[ADMIN][ERASURE] an erasure request ends only by an admin’s confirmation or refusal', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let technician: Record<string, string>;
  let client: Record<string, string>;
  let clientId: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffLogin(t);
    technician = (await newTechnician(t, TECHNICIAN)).headers;
    const order = await postOrder(t, admin, {
      clientName: 'Jean Dupont',
      clientEmail: 'jean.dupont@exemple.fr',
      username: 'jdupont',
      password: 'motdepasse-client-A',
      orderDate: todayIso(),
    });
    clientId = order.order.clientId!;
    client = await clientLogin(t, 'jdupont', 'motdepasse-client-A');
  });
  afterAll(async () => t.close());

  /** The client asks from « Mes données »; the id of their pending request. */
  async function ask(): Promise<number> {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/client/erasure-request', headers: client })).statusCode,
    ).toBe(202);
    const [row] = await t.db
      .select()
      .from(inboxItems)
      .where(and(eq(inboxItems.clientId, clientId), eq(inboxItems.kind, 'erasure'), eq(inboxItems.status, 'pending')));
    return row!.id;
  }
  const pendingSeenByClient = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/client/erasure-request', headers: client })).json<{
      requestedAt: string | null;
    }>().requestedAt;
  const patch = (id: number, status: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'PATCH', url: `/api/admin/contacts/${id}`, headers, payload: { status } });
  const refuse = (id: number, headers: Record<string, string>, reason = REASON) =>
    t.app.inject({ method: 'POST', url: `/api/admin/contacts/${id}/erasure/refuse`, headers, payload: { reason } });

  it('refuses a technician who closes or answers an erasure request: 403, the erasure request still waits for the admins', async () => {
    const id = await ask();
    for (const status of ['closed', 'replied'] as const) {
      const res = await patch(id, status, technician);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe(ERASURE_ADMIN_ONLY);
    }
    const [row] = await t.db.select().from(inboxItems).where(eq(inboxItems.id, id));
    expect(row!.status).toBe('pending');
    expect(await pendingSeenByClient()).not.toBeNull();
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/admin/contacts?kind=erasure&status=pending', headers: admin })
    ).json<InboxItemDto[]>();
    expect(list.map((r) => r.id)).toContain(id);
    // A technician may not refuse it either.
    expect((await refuse(id, technician)).statusCode).toBe(403);
  });

  it('tells an admin that a status change does not end an erasure request (409), and changes nothing', async () => {
    const id = await ask();
    const res = await patch(id, 'closed', admin);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(ERASURE_NO_STATUS);
    expect((await t.db.select().from(inboxItems).where(eq(inboxItems.id, id)))[0]!.status).toBe('pending');
    // Other kinds still change status by hand.
    const [contact] = await t.db
      .insert(inboxItems)
      .values({ kind: 'contact', name: 'Anne', email: 'anne@exemple.fr', subject: 'Question', message: 'Bonjour' })
      .returning();
    expect((await patch(contact!.id, 'closed', technician)).statusCode).toBe(200);
  });

  it('lets an admin refuse with a reason: erasure request ended, the person e-mailed the reason, the refusal audited', async () => {
    const id = await ask();
    const res = await refuse(id, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<InboxItemDto>()).toMatchObject({ id, status: 'closed', refusalReason: REASON, erasedAt: null });

    const mails = await t.db.select().from(outbox).where(eq(outbox.kind, 'erasure_refused'));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      recipient: 'jean.dupont@exemple.fr',
      params: { name: 'Jean Dupont', reason: REASON },
    });
    expect(mails[0]!.subject).toContain('Votre demande d’effacement des données');
    await t.drain();
    const sent = t.mailer.sent.find((m) => m.to === 'jean.dupont@exemple.fr' && m.subject === mails[0]!.subject);
    expect(sent?.text).toContain(REASON);

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'inbox.refuse_erasure'), eq(auditLog.entityId, String(id))));
    expect(entry).toMatchObject({
      staffUsername: 'staff',
      before: { status: 'pending' },
      after: { status: 'closed', refusalReason: REASON },
    });

    // The account is untouched and the client may ask again.
    const [account] = await t.db.select().from(clients).where(eq(clients.id, clientId));
    expect(account!.email).toBe('jean.dupont@exemple.fr');
    expect(await pendingSeenByClient()).toBeNull();

    // Answered once: neither a second refusal nor a confirmation acts on it.
    expect((await refuse(id, admin)).statusCode).toBe(409);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/admin/contacts/${id}/erase`, headers: admin })).statusCode,
    ).toBe(409);
    expect(await t.db.select().from(outbox).where(eq(outbox.kind, 'erasure_refused'))).toHaveLength(1);
  });

  it('wants a reason, and refuses only erasure requests', async () => {
    const id = await ask();
    const empty = await refuse(id, admin, ' ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors.reason).toBeDefined();
    const [contact] = await t.db
      .insert(inboxItems)
      .values({ kind: 'contact', name: 'Léa', email: 'lea@exemple.fr', subject: 'Question', message: 'Bonjour' })
      .returning();
    expect((await refuse(contact!.id, admin)).statusCode).toBe(400);
    expect((await refuse(999999, admin)).statusCode).toBe(404);
  });
});
