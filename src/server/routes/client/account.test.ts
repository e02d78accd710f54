import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { clientSessions, clients, interventions, inboxItems } from '#server/db/schema.ts';
import { clientOrderSchema } from '#shared/orders/order-api.ts';
import { erasureRequestResultSchema } from '#shared/privacy/privacy-api.ts';
import { todayIso } from '#shared/format.ts';
import type { InboxItemDto } from '#shared/inbox/inbox-api.ts';
import { clientLogin, downloadClientData, postOrder, staffLogin } from '#server/test/fixtures.ts';
import { pdfText } from '#server/test/pdf-text.ts';

const JEAN = { username: 'jdupont', password: 'motdepasse-client-A' };
const ANNE = { username: 'amartin', password: 'motdepasse-client-B' };

describe('[CLIENT][ACCOUNT] self-service: password, orders and invoices, « Mes données »', () => {
  let t: TestApp;
  let staff: Record<string, string>;
  let jean: Record<string, string>;
  let anne: Record<string, string>;
  let jeanId: number;
  let jeanOrders: { first: number; pending: number; renewal: number };
  let anneOrder: number;

  beforeAll(async () => {
    t = await createTestApp();
    staff = await staffLogin(t);
    const first = await postOrder(t, staff, {
      clientName: 'Jean Dupont',
      clientEmail: 'jean.dupont@exemple.fr',
      ...JEAN,
      plan: 'pro',
      orderDate: '2025-03-15',
      notes: 'Rappeler lundi',
    });
    jeanId = first.order.clientId!;
    // Same e-mail: both orders join Jean's account. The renewal, paid while the first runs, follows it.
    const renewal = await postOrder(t, staff, {
      clientName: 'Jean Dupont',
      clientEmail: 'jean.dupont@exemple.fr',
      plan: 'pro',
      orderDate: '2026-01-10',
    });
    const pending = await postOrder(t, staff, {
      clientName: 'Jean Dupont',
      clientEmail: 'jean.dupont@exemple.fr',
      plan: 'basique',
      orderDate: '2026-02-01',
      paymentStatus: 'pending',
    });
    jeanOrders = { first: first.id, renewal: renewal.id, pending: pending.id };
    const other = await postOrder(t, staff, {
      clientName: 'Anne Martin',
      clientEmail: 'anne@exemple.fr',
      ...ANNE,
      plan: 'duo',
      orderDate: todayIso(),
    });
    anneOrder = other.id;
    jean = await clientLogin(t, JEAN.username, JEAN.password);
    anne = await clientLogin(t, ANNE.username, ANNE.password);
  });
  afterAll(async () => t.close());

  const get = (url: string, headers?: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
  const post = (url: string, headers?: Record<string, string>, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers, payload });

  it('answers 401 Unauthorized on every self-service route without a session, and changes nothing', async () => {
    const before = await t.db.select().from(inboxItems);
    for (const res of [
      await post('/api/client/password', undefined, {
        currentPassword: JEAN.password,
        newPassword: 'un-tout-nouveau-secret',
      }),
      await get('/api/client/orders'),
      await get(`/api/client/orders/${jeanOrders.first}/invoice`),
      await get('/api/client/data'),
      await get('/api/client/erasure-request'),
      await post('/api/client/erasure-request'),
      await get('/api/client/orders', { cookie: 'rfs_client=invente' }),
    ]) {
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json().message).toBe('Unauthorized');
    }
    expect(await t.db.select().from(inboxItems)).toEqual(before);
  });

  describe('orders and invoices', () => {
    it('lists only the client’s own orders, newest first, with periods and invoice numbers', async () => {
      const res = await get('/api/client/orders', jean);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-total-count']).toBe('3');
      const orders = res.json<unknown[]>().map((o) => clientOrderSchema.strict().parse(o));
      expect(orders.map((o) => o.id)).toEqual([jeanOrders.pending, jeanOrders.renewal, jeanOrders.first]);
      expect(orders.map((o) => o.id)).not.toContain(anneOrder);
      const [pending, renewal, first] = orders;
      expect(first).toEqual({
        id: jeanOrders.first,
        planId: 'pro',
        plan: 'Pro',
        price: '50.00',
        paymentStatus: 'paid',
        orderDate: '2025-03-15',
        startsOn: '2025-03-15',
        endsOn: '2026-03-14',
        invoiceNumber: '00000001',
        // the first invoice of this database, issued today (the day the order was recorded as paid)
        documents: [
          { id: expect.any(Number), kind: 'invoice', number: '00000001', issuedOn: todayIso(), totalTtc: '50.00' },
        ],
        paymentRefused: false,
        // paid today: « Me rétracter » is offered for 14 days from the payment
        withdrawableUntil: expect.any(String),
        withdrawal: null,
      });
      // Ordered while the first one runs: it starts the day after it ends.
      expect(renewal).toMatchObject({ startsOn: '2026-03-15', endsOn: '2027-03-14', paymentStatus: 'paid' });
      expect(pending).toMatchObject({
        paymentStatus: 'pending',
        startsOn: null,
        endsOn: null,
        invoiceNumber: null,
        documents: [],
        paymentRefused: false,
        price: '10.00',
      });
    });

    it('pages with limit and offset, and refuses a bad page parameter', async () => {
      const page = await get('/api/client/orders?limit=1&offset=1', jean);
      expect(page.headers['x-total-count']).toBe('3');
      expect(page.json<Array<{ id: number }>>().map((o) => o.id)).toEqual([jeanOrders.renewal]);
      const bad = await get('/api/client/orders?limit=abc', jean);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Paramètre limit invalide');
    });

    it('downloads the invoice of an own paid order: the same PDF staff download', async () => {
      const res = await get(`/api/client/orders/${jeanOrders.first}/invoice`, jean);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain('Facture_00000001_Jean Dupont.pdf');
      expect(res.headers['cache-control']).toBe('no-store');
      const staffCopy = await get(`/api/admin/manual-orders/${jeanOrders.first}/receipt`, staff);
      const [mine, theirs] = await Promise.all([pdfText(res.rawPayload), pdfText(staffCopy.rawPayload)]);
      expect(mine).toBe(theirs);
      for (const expected of ['FACTURE', 'N° 00000001', 'Jean Dupont', 'à distance Pro', '50,00 € TTC']) {
        expect(mine).toContain(expected);
      }
    });

    it('answers 404 for another client’s order, a pending one or an unknown id alike, and 400 for a malformed id', async () => {
      const unknown = await get('/api/client/orders/999999/invoice', jean);
      expect(unknown.statusCode).toBe(404);
      for (const res of [
        await get(`/api/client/orders/${anneOrder}/invoice`, jean),
        await get(`/api/client/orders/${jeanOrders.first}/invoice`, anne),
        await get(`/api/client/orders/${jeanOrders.pending}/invoice`, jean),
      ]) {
        expect(res.statusCode).toBe(404);
        // Nothing tells an existing order of someone else from a missing one.
        expect(res.body).toBe(unknown.body);
      }
      expect(unknown.json().message).toBe('Facture introuvable');
      for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
        const res = await get(`/api/client/orders/${id}/invoice`, jean);
        expect(res.statusCode, id).toBe(400);
        expect(res.json().message).toBe('Identifiant invalide');
      }
    });
  });

  describe('« Mes données »', () => {
    beforeAll(async () => {
      await t.db.insert(inboxItems).values([
        {
          kind: 'registration',
          name: 'Jean Dupont',
          email: 'Jean.Dupont@exemple.fr',
          phone: '0611223344',
          firstName: 'Jean',
          lastName: 'Dupont',
          deviceInfo: 'PC portable',
        },
        {
          kind: 'contact',
          name: 'Jean D.',
          email: 'jean.dupont@exemple.fr',
          subject: 'Facture',
          message: 'Je ne trouve pas ma facture',
        },
        { kind: 'contact', name: 'Anne', email: 'anne@exemple.fr', subject: 'Question', message: 'Message d’Anne' },
      ]);
      await t.db.insert(interventions).values([
        {
          clientId: jeanId,
          title: 'Imprimante',
          description: 'Mon imprimante ne marche plus',
          staffNotes: 'Pilote réinstallé',
          durationMinutes: 30,
          status: 'completed',
        },
      ]);
      await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/manual-orders/${jeanOrders.pending}`,
        headers: staff,
        payload: { notes: 'Relancé par téléphone' },
      });
    });

    it('downloads everything held about the client as a dated archive, with no secret in it', async () => {
      const { res, entries, data } = await downloadClientData(t, jean);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="mes-donnees-${todayIso()}.zip"`);
      expect(res.headers['cache-control']).toBe('no-store');
      expect([...entries.keys()]).toEqual(['data.json']);
      expect(data.account).toEqual({
        id: jeanId,
        username: 'jdupont',
        firstName: 'Jean',
        lastName: 'Dupont',
        name: 'Jean Dupont',
        email: 'jean.dupont@exemple.fr',
        phone: '06 12 34 56 78',
        hasPassword: true,
        createdAt: expect.any(String),
      });
      expect(data.orders.map((o: { id: number }) => o.id)).toEqual([
        jeanOrders.first,
        jeanOrders.renewal,
        jeanOrders.pending,
      ]);
      expect(data.orders[0]).toMatchObject({
        plan: 'Pro',
        notes: 'Rappeler lundi',
        verificationKey: expect.stringMatching(/^RFS-/),
        invoiceNumber: expect.any(String),
      });
      expect(data.interventions).toEqual([
        expect.objectContaining({
          title: 'Imprimante',
          description: 'Mon imprimante ne marche plus',
          staffNotes: 'Pilote réinstallé',
          durationMinutes: 30,
        }),
      ]);
      expect(data.requests.map((r: { kind: string; subject: string }) => [r.kind, r.subject])).toEqual([
        ['registration', ''],
        ['contact', 'Facture'],
      ]);
      expect(data.history.map((h: { action: string; entityId: string }) => `${h.action} ${h.entityId}`)).toEqual(
        expect.arrayContaining([`order.create ${jeanOrders.first}`, `order.update ${jeanOrders.pending}`]),
      );
      expect(data.sessions.length).toBeGreaterThanOrEqual(1);
      expect(Object.keys(data.sessions[0]).sort()).toEqual(['expiresAt', 'openedAt']);

      // Nothing of another client, no password hash or hint, no session token, no staff identity.
      const text = entries.get('data.json')!.toString('utf8');
      expect(text).not.toContain('anne@exemple.fr');
      expect(text).not.toContain('Message d’Anne');
      expect(text).not.toMatch(/argon2|scrypt|passwordHash|passwordHint|idHash|tokenHash/);
      const [client] = await t.db.select().from(clients).where(eq(clients.id, jeanId));
      expect(text).not.toContain(client!.passwordHash!);
      const cookie = jean.cookie!.split('=')[1]!;
      expect(text).not.toContain(cookie);
      const sessions = await t.db.select().from(clientSessions).where(eq(clientSessions.clientId, jeanId));
      for (const s of sessions) expect(text).not.toContain(s.idHash);
      expect(text).not.toContain('"createdBy"');
    });
  });

  describe('erasure request', () => {
    it('records one erasure request staff see in « Messages »; asking again answers the same date', async () => {
      expect((await get('/api/client/erasure-request', jean)).json()).toEqual({ requestedAt: null });
      const first = await post('/api/client/erasure-request', jean);
      expect(first.statusCode).toBe(202);
      const { requestedAt } = erasureRequestResultSchema.parse(first.json());
      expect(new Date(requestedAt).getTime()).not.toBeNaN();
      const again = await post('/api/client/erasure-request', jean, {});
      expect(again.statusCode).toBe(202);
      expect(again.json()).toEqual({ requestedAt });
      expect((await get('/api/client/erasure-request', jean)).json()).toEqual({ requestedAt });
      // Another client has none.
      expect((await get('/api/client/erasure-request', anne)).json()).toEqual({ requestedAt: null });

      const listed = await get('/api/admin/contacts?kind=erasure', staff);
      expect(listed.headers['x-total-count']).toBe('1');
      const [request] = listed.json<InboxItemDto[]>();
      expect(request).toMatchObject({
        kind: 'erasure',
        status: 'pending',
        name: 'Jean Dupont',
        email: 'jean.dupont@exemple.fr',
        clientId: jeanId,
        erasedAt: null,
        subject: 'Demande d’effacement des données',
        createdAt: requestedAt,
      });
      expect(request!.message).toContain(`client n° ${jeanId}`);
    });

    it('makes one erasure request when the client clicks twice at once', async () => {
      const both = await Promise.all([
        post('/api/client/erasure-request', anne),
        post('/api/client/erasure-request', anne),
      ]);
      expect(both.map((r) => r.statusCode)).toEqual([202, 202]);
      expect(both[0]!.json()).toEqual(both[1]!.json());
      const rows = await t.db.select().from(inboxItems).where(eq(inboxItems.kind, 'erasure'));
      expect(rows.filter((r) => r.email === 'anne@exemple.fr')).toHaveLength(1);
    });
  });

  describe('password change', () => {
    const change = (headers: Record<string, string>, currentPassword: string, newPassword: string) =>
      post('/api/client/password', headers, { currentPassword, newPassword });

    async function jeanRow() {
      const [row] = await t.db.select().from(clients).where(eq(clients.id, jeanId));
      return row!;
    }

    it('refuses a wrong current password, a weak or unchanged new one, and changes nothing', async () => {
      const other = await clientLogin(t, JEAN.username, JEAN.password);
      const before = await jeanRow();
      const wrong = await change(jean, 'pas-le-bon-mot-de-passe', 'un-tout-nouveau-secret');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().fieldErrors).toEqual({ currentPassword: ['Mot de passe actuel incorrect'] });

      const cases: Array<[string, string]> = [
        ['court', 'Le mot de passe doit contenir au moins 12 caractères'],
        ['mon-jdupont-2025', 'Le mot de passe ne doit pas contenir votre identifiant ni votre adresse e-mail'],
        ['JEAN.DUPONT-secret', 'Le mot de passe ne doit pas contenir votre identifiant ni votre adresse e-mail'],
        [JEAN.password, 'Choisissez un mot de passe différent de l’actuel'],
      ];
      for (const [newPassword, message] of cases) {
        const res = await change(jean, JEAN.password, newPassword);
        expect(res.statusCode, newPassword).toBe(400);
        expect(res.json().fieldErrors.newPassword).toEqual([message]);
      }
      const missing = await post('/api/client/password', jean, { newPassword: 'un-tout-nouveau-secret' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().fieldErrors.currentPassword).toEqual(['Le mot de passe actuel est requis']);

      expect(await jeanRow()).toEqual(before);
      expect((await get('/api/client/orders', other)).statusCode).toBe(200);
    });

    it('sets the new password and ends every other session of the account, this one stays', async () => {
      const phone = await clientLogin(t, JEAN.username, JEAN.password);
      const res = await change(jean, JEAN.password, 'Un-Nouveau-Secret-2026');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      expect((await get('/api/client/orders', jean)).statusCode).toBe(200);
      expect((await get('/api/client/orders', phone)).statusCode).toBe(401);
      // Anne's session is not Jean's business.
      expect((await get('/api/client/orders', anne)).statusCode).toBe(200);

      const old = await post('/api/client/login', undefined, { username: JEAN.username, password: JEAN.password });
      expect(old.statusCode).toBe(401);
      await clientLogin(t, JEAN.username, 'Un-Nouveau-Secret-2026');
      // No part of the password the client chose is kept beside its hash.
      expect(JSON.stringify({ ...(await jeanRow()), passwordHash: undefined })).not.toMatch(/Un…|…26|Secret/);
    });
  });
});
