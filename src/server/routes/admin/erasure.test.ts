import { eq, inArray, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import {
  auditLog,
  clientSessions,
  clients,
  devices,
  interventions,
  orders,
  outbox,
  passwordResetTokens,
  inboxItems,
} from '#server/db/schema.ts';
import type { AuditEntryDto } from '#shared/security/audit-api.ts';
import type { InboxItemDto } from '#shared/inbox/inbox-api.ts';
import { todayIso } from '#shared/format.ts';
import { addDays } from '#server/services/calendar/paris-calendar.ts';
import { renewalReminderDefinition } from '#server/services/subscriptions/renewal-reminders.ts';
import { clientLogin, postOrder, staffLogin } from '#server/test/fixtures.ts';
import { pdfText } from '#server/test/pdf-text.ts';

describe('[ADMIN][ERASURE] staff confirm an erasure request: the person is anonymised, the invoices stay', () => {
  let t: TestApp;
  let staff: Record<string, string>;
  let jeanId: number;
  let anneId: number;
  let paidOrder: { id: number; verificationKey: string };
  let earlyOrderId: number;
  let erasureId: number;
  let contactId: number;

  beforeAll(async () => {
    // Staff are e-mailed of what clients do: those messages name the client too.
    t = await createTestApp({ STAFF_EMAIL: 'equipe@exemple.fr' });
    staff = await staffLogin(t);
    // Jean: an order placed before his account existed, then the one that created it, requests, an intervention.
    const early = await postOrder(t, staff, {
      clientName: 'Jean Dupont',
      clientEmail: 'jean.dupont@exemple.fr',
      plan: 'basique',
      orderDate: '2024-01-10',
      notes: 'Payé en espèces',
    });
    const paid = await postOrder(t, staff, {
      clientName: 'Jean Dupont',
      clientEmail: 'jean.dupont@exemple.fr',
      clientPhone: '06 11 22 33 44',
      username: 'jdupont',
      password: 'motdepasse-client-A',
      plan: 'pro',
      orderDate: todayIso(),
      notes: 'Rappeler lundi',
    });
    paidOrder = { id: paid.id, verificationKey: paid.order.verificationKey };
    jeanId = paid.order.clientId!;
    earlyOrderId = early.id;
    expect(early.order.clientId).toBeNull();
    // The account took that order over when it was created (attachEarlierOrders); one placed while the account was
    // being created would stay without it, found by its e-mail only.
    await t.db.update(orders).set({ clientId: null }).where(eq(orders.id, early.id));
    const anne = await postOrder(t, staff, {
      clientName: 'Anne Martin',
      clientEmail: 'anne@exemple.fr',
      username: 'amartin',
      password: 'motdepasse-client-B',
      orderDate: todayIso(),
      notes: 'Cliente fidèle',
    });
    anneId = anne.order.clientId!;

    const [contact] = await t.db
      .insert(inboxItems)
      .values([
        {
          kind: 'contact',
          name: 'Jean D.',
          email: 'JEAN.DUPONT@exemple.fr',
          subject: 'Facture',
          message: 'Mon adresse est 3 rue des Lilas',
          captchaAnswer: '7',
        },
        {
          kind: 'registration',
          name: 'Jean Dupont',
          email: 'jean.dupont@exemple.fr',
          firstName: 'Jean',
          lastName: 'Dupont',
          phone: '0611223344',
          deviceInfo: 'Mon vieux PC',
        },
        {
          kind: 'contact',
          name: 'Anne Martin',
          email: 'anne@exemple.fr',
          subject: 'Question',
          message: 'Message d’Anne',
        },
      ])
      .returning();
    contactId = contact!.id;
    for (const [clientId, description] of [
      [jeanId, 'Mon imprimante HP au bureau'],
      [anneId, 'Écran noir chez Anne'],
    ] as const) {
      const [row] = await t.db
        .insert(interventions)
        .values({ clientId, title: 'Imprimante de Jean', description, deviceInfo: 'HP 2540' })
        .returning();
      const patched = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/interventions/${row!.id}`,
        headers: staff,
        payload: { status: 'in_progress', staffNotes: 'Client très sympathique' },
      });
      expect(patched.statusCode, patched.body).toBe(200);
    }

    const jean = await clientLogin(t, 'jdupont', 'motdepasse-client-A');
    // On his request: a message, closing it as resolved and a rating, each e-mailed to staff with his name and words.
    const [own] = await t.db.select().from(interventions).where(eq(interventions.clientId, jeanId));
    for (const [url, method, payload] of [
      ['messages', 'POST', { body: 'Le voyant de la Livebox clignote' }],
      ['close', 'POST', undefined],
      ['rating', 'PUT', { stars: 5, comment: 'Merci, Paul a été patient' }],
    ] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/client/interventions/${own!.id}/${url}`,
        headers: jean,
        payload,
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
    }
    // A device staff asked a proof of, in words that name him.
    const [device] = await t.db
      .insert(devices)
      .values({ clientId: jeanId, deviceType: 'windows-laptop', deviceInfo: 'Portable Asus' })
      .returning();
    const proofAsked = await t.app.inject({
      method: 'POST',
      url: `/api/admin/devices/${device!.id}/request-proof`,
      headers: staff,
      payload: { message: 'La facture de votre Asus achetée chez Darty Lyon' },
    });
    expect(proofAsked.statusCode, proofAsked.body).toBe(200);
    // An alert written by a release before staff's e-mails carried the client (still running during an upgrade), and
    // an SMTP server's refusal quoting his address.
    await t.db.insert(outbox).values({
      key: `intervention:${own!.id}:staff_response_overdue:equipe@exemple.fr`,
      kind: 'staff_response_overdue',
      recipient: 'equipe@exemple.fr',
      subject: 'En retard : demande de Jean Dupont',
      params: { interventionId: own!.id, clientName: 'Jean Dupont', title: 'Imprimante de Jean' },
    });
    await t.db
      .update(outbox)
      .set({ lastError: '550 5.1.1 <jean.dupont@exemple.fr>: Recipient address rejected' })
      .where(eq(outbox.clientId, jeanId));
    const toStaff = await t.db.select().from(outbox).where(eq(outbox.recipient, 'equipe@exemple.fr'));
    expect(toStaff.map((m) => m.kind).sort()).toEqual([
      'staff_intervention_closed',
      'staff_intervention_message',
      'staff_intervention_rating',
      'staff_response_overdue',
    ]);
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'jdupont' } });
    const asked = await t.app.inject({ method: 'POST', url: '/api/client/erasure-request', headers: jean });
    expect(asked.statusCode).toBe(202);
    const [erasure] = await t.db.select().from(inboxItems).where(eq(inboxItems.kind, 'erasure'));
    erasureId = erasure!.id;
  });
  afterAll(async () => t.close());

  const erase = (id: number | string, headers = staff) =>
    t.app.inject({ method: 'POST', url: `/api/admin/contacts/${id}/erase`, headers });

  async function invoiceText(orderId: number) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/manual-orders/${orderId}/receipt`,
      headers: staff,
    });
    expect(res.statusCode).toBe(200);
    return pdfText(res.rawPayload);
  }

  /** Everything stored about one client, to compare before and after. */
  async function rowsOf(clientId: number, email: string) {
    return {
      client: await t.db.select().from(clients).where(eq(clients.id, clientId)),
      orders: await t.db
        .select()
        .from(orders)
        .where(or(eq(orders.clientId, clientId), eq(orders.clientEmail, email)))
        .orderBy(orders.id),
      interventions: await t.db
        .select()
        .from(interventions)
        .where(eq(interventions.clientId, clientId))
        .orderBy(interventions.id),
      requests: await t.db
        .select()
        .from(inboxItems)
        .where(or(eq(inboxItems.clientId, clientId), eq(inboxItems.email, email)))
        .orderBy(inboxItems.id),
      sessions: await t.db.select().from(clientSessions).where(eq(clientSessions.clientId, clientId)),
    };
  }

  it('refuses what is not a pending erasure, changing nothing', async () => {
    const before = { jean: await rowsOf(jeanId, 'jean.dupont@exemple.fr'), audit: await t.db.$count(auditLog) };
    const contact = await erase(contactId);
    expect(contact.statusCode).toBe(400);
    expect(contact.json().message).toBe('Seule une demande d’effacement peut être confirmée.');
    expect((await erase(999999)).statusCode).toBe(404);
    expect((await erase('abc')).statusCode).toBe(400);
    expect({ jean: await rowsOf(jeanId, 'jean.dupont@exemple.fr'), audit: await t.db.$count(auditLog) }).toEqual(
      before,
    );
  });

  it('anonymises the person in one go and keeps the invoices as issued', async () => {
    const invoiceBefore = await invoiceText(paidOrder.id);
    const anneBefore = await rowsOf(anneId, 'anne@exemple.fr');
    const ordersBefore = (await rowsOf(jeanId, 'jean.dupont@exemple.fr')).orders;
    await t.drain(); // his earlier e-mails (credentials, invoice, reset link) have left
    const sent = t.mailer.sent.length;

    const res = await erase(erasureId);
    expect(res.statusCode, res.body).toBe(200);
    const request = res.json<InboxItemDto>();
    expect(request).toMatchObject({
      id: erasureId,
      kind: 'erasure',
      status: 'closed',
      name: 'Client supprimé',
      email: `supprime-${jeanId}@invalid`,
      clientId: jeanId,
      erasedAt: expect.any(String),
    });

    // The account: nobody in it, nobody can sign in, every session and reset link gone.
    const [client] = await t.db.select().from(clients).where(eq(clients.id, jeanId));
    expect(client).toMatchObject({
      name: 'Client supprimé',
      firstName: 'Client',
      lastName: 'supprimé',
      email: `supprime-${jeanId}@invalid`,
      phone: '',
      username: null,
      passwordHash: null,
    });
    expect(await t.db.$count(clientSessions, eq(clientSessions.clientId, jeanId))).toBe(0);
    expect(await t.db.$count(passwordResetTokens, eq(passwordResetTokens.clientId, jeanId))).toBe(0);
    for (const login of ['jdupont', 'jean.dupont@exemple.fr']) {
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: login, password: 'motdepasse-client-A' },
      });
      expect(signIn.statusCode).toBe(401);
    }

    // Interventions stay for the counts, without what the person or staff wrote.
    const [intervention] = await t.db.select().from(interventions).where(eq(interventions.clientId, jeanId));
    const interventionIds = new Map((await t.db.select().from(interventions)).map((i) => [i.clientId, String(i.id)]));
    expect(intervention).toMatchObject({
      title: "Demande d'assistance",
      description: '',
      deviceInfo: '',
      staffNotes: '',
      status: 'completed',
    });

    // Their requests, found by account or by e-mail, are anonymised; the erasure request is closed.
    const theirs = await t.db
      .select()
      .from(inboxItems)
      .where(eq(inboxItems.email, `supprime-${jeanId}@invalid`))
      .orderBy(inboxItems.id);
    expect(theirs.map((r) => r.kind)).toEqual(['contact', 'registration', 'erasure']);
    for (const r of theirs) {
      expect(r).toMatchObject({
        name: 'Client supprimé',
        firstName: null,
        lastName: null,
        phone: null,
        deviceInfo: null,
        captchaAnswer: null,
      });
      if (r.kind !== 'erasure') expect([r.subject, r.message]).toEqual(['', '']);
    }
    expect(JSON.stringify(await t.db.select().from(inboxItems))).not.toMatch(/Lilas|Mon vieux PC|jean\.dupont/i);

    // Orders are billing data: each keeps what its invoice prints; notes and username go.
    const ordersAfter = await t.db
      .select()
      .from(orders)
      .where(
        inArray(
          orders.id,
          ordersBefore.map((o) => o.id),
        ),
      )
      .orderBy(orders.id);
    expect(ordersAfter).toHaveLength(2);
    // The one placed before his account becomes the account's, so his address is never found through it again.
    expect(ordersBefore.map((o) => o.clientId)).toEqual([null, jeanId]);
    ordersAfter.forEach((order, i) => {
      const { notes: _n, username: _u, updatedAt: _a, searchText: _s, ...kept } = ordersBefore[i]!;
      expect(order).toMatchObject({ ...kept, clientId: jeanId, notes: '', username: null });
    });
    // An issued invoice is kept as issued (docs/decisions/032, docs/invoices.md): the same document after the erasure,
    // its username hint (2 + 2 characters) included.
    const invoiceAfter = await invoiceText(paidOrder.id);
    expect(invoiceAfter).toBe(invoiceBefore);
    for (const expected of [
      'Jean Dupont',
      'jean.dupont@exemple.fr',
      '06 11 22 33 44',
      paidOrder.verificationKey,
      '50,00 € TTC',
    ]) {
      expect(invoiceAfter).toContain(expected);
    }
    const verified = await t.app.inject({ method: 'GET', url: `/api/verify-invoice/${paidOrder.verificationKey}` });
    expect(verified.statusCode).toBe(200);
    expect(verified.body).toContain('Jean Dupont');

    // The history of their orders, interventions and requests no longer holds the notes or the username.
    const history = await t.db.select().from(auditLog);
    const aboutJean = history.filter(
      (a) => a.entity === 'order' && ordersBefore.some((o) => String(o.id) === a.entityId),
    );
    expect(aboutJean.length).toBeGreaterThan(0);
    expect(JSON.stringify(aboutJean)).not.toMatch(/Rappeler lundi|Payé en espèces|jdupont/);
    const notesOf = (clientId: number) =>
      JSON.stringify(
        history.filter((a) => a.entity === 'intervention' && interventionIds.get(clientId) === a.entityId),
      );
    expect(notesOf(jeanId)).not.toContain('Client très sympathique');
    expect(notesOf(anneId)).toContain('Client très sympathique');
    // Staff's words about his device too; the entry stays, with what was done.
    const aboutDevices = history.filter((a) => a.entity === 'device');
    expect(aboutDevices.map((a) => a.action)).toContain('device.request_proof');
    expect(JSON.stringify(aboutDevices)).not.toContain('Darty');
    const trace = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit?entity=client&entityId=${jeanId}`,
      headers: staff,
    });
    expect(trace.json<AuditEntryDto[]>()[0]).toMatchObject({
      action: 'client.erase',
      staffUsername: 'staff',
      after: { requestId: erasureId, ordersKept: 2, interventions: 1, requests: 3 },
    });

    // The person is told, at the address that is no longer stored: the e-mail keeps it only until it has left.
    await t.drain();
    expect(t.mailer.sent.slice(sent)).toEqual([
      expect.objectContaining({
        to: 'jean.dupont@exemple.fr',
        subject: 'Vos données ont été effacées – RFS Assistance',
      }),
    ]);
    const mails = await t.db.select().from(outbox);
    expect(mails.filter((m) => m.kind === 'erasure_done')).toEqual([
      expect.objectContaining({ status: 'sent', recipient: 'adresse effacée' }),
    ]);
    // His earlier e-mails, and staff's about his requests and interventions, no longer name him either.
    expect(JSON.stringify(mails)).not.toMatch(/jean\.dupont|Jean Dupont|jdupont|Lilas|imprimante HP|Livebox|Paul/i);
    expect(JSON.stringify(mails)).toContain('anne@exemple.fr');

    // Anne is untouched, her audit trail too.
    expect(await rowsOf(anneId, 'anne@exemple.fr')).toEqual(anneBefore);
    expect(JSON.stringify(history)).toContain('Cliente fidèle');
  });

  it('sends no renewal reminder about the order he placed before his account', async () => {
    // That order's subscription ends in ten days, with nothing booked after it: the morning scan's window.
    await t.db
      .update(orders)
      .set({ startsOn: addDays(todayIso(), -20), endsOn: addDays(todayIso(), 10) })
      .where(eq(orders.id, earlyOrderId));
    const reminders = renewalReminderDefinition({ db: t.db, mail: t.app.mail, clock: () => new Date() });
    await reminders.handler({} as never); // the scan reads the day from the clock, not its job's data
    const queued = await t.db.select().from(outbox).where(eq(outbox.kind, 'renewal_reminder'));
    expect(queued).toEqual([]);
  });

  it('shows the closed erasure request in « Messages » and refuses to erase twice', async () => {
    const listed = await t.app.inject({ method: 'GET', url: '/api/admin/contacts?kind=erasure', headers: staff });
    expect(listed.json<InboxItemDto[]>()).toEqual([
      expect.objectContaining({ id: erasureId, status: 'closed', erasedAt: expect.any(String) }),
    ]);
    const again = await erase(erasureId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Les données de ce client ont déjà été effacées.');
  });

  it('is for staff only', async () => {
    const anne = await clientLogin(t, 'amartin', 'motdepasse-client-B');
    expect((await erase(erasureId, anne)).statusCode).toBe(403);
    expect((await erase(erasureId, {})).statusCode).toBe(401);
  });
});
