import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, clients, orders } from '#server/db/schema.ts';
import type { AuditEntryDto } from '#shared/security/audit-api.ts';
import type { OrderDto } from '#shared/orders/order-api.ts';
import { VERIFICATION_KEY } from '#shared/billing/invoice-verification.ts';
import { clientLogin, postOrder, staffTestApp, validOrder } from '#server/test/fixtures.ts';

describe('[ADMIN][CREATE_ORDER] manual orders', () => {
  const { t, staff } = staffTestApp();

  const post = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/admin/manual-orders', headers: staff, payload: payload as object });
  const counts = async () => ({ orders: await t.db.$count(orders), clients: await t.db.$count(clients) });
  // A paid order also sends its invoice: these tests are about the credentials.
  const credentialsMails = () => t.mailer.sent.filter((m) => m.subject === 'Vos identifiants RFS Assistance');

  it.each([
    ['clientName', { clientName: '  ' }, 'Le nom du client est requis'],
    ['clientEmail', { clientEmail: 'pas-un-email' }, 'Email invalide'],
    ['plan', { plan: 'platine' }, 'Plan invalide'],
    ['paymentMethod', { paymentMethod: 'bitcoin' }, 'Moyen de paiement invalide'],
    ['paymentStatus', { paymentStatus: 'rembourse' }, 'Statut de paiement invalide'],
    ['orderDate', { orderDate: '2025-02-30' }, 'Date invalide'],
    ['orderDate', { orderDate: '0000-01-01' }, 'Date invalide'],
    ['orderDate', { orderDate: '9999-12-31' }, 'Date invalide'],
    ['username', { username: 'a b' }, "Nom d'utilisateur : 3 à 40 lettres, chiffres, points, tirets ou soulignés"],
    [
      'password',
      { username: 'jdupont', password: 'trop-court' },
      'Le mot de passe doit contenir au moins 12 caractères',
    ],
    [
      'password',
      { username: 'jdupont', password: 'jdupont-2026-ok' },
      'Le mot de passe ne doit contenir ni l’identifiant ni l’adresse e-mail du client',
    ],
    ['username', { username: '', password: 'motdepasse-long' }, "Un mot de passe nécessite un nom d'utilisateur"],
  ])('refuses a bad %s with its French message', async (field, patch, message) => {
    const before = await counts();
    const res = await post(validOrder(patch as object));
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors[field]).toEqual([message]);
    expect(res.json().message).toBe(message);
    expect(await counts()).toEqual(before);
  });

  it('reports every invalid field at once', async () => {
    const res = await post({});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Certains champs sont invalides : corrigez les erreurs indiquées.');
    expect(Object.keys(res.json().fieldErrors).sort()).toEqual([
      'clientEmail',
      'clientName',
      'orderDate',
      'paymentMethod',
      'paymentStatus',
      'plan',
    ]);
  });

  it('takes the price from the catalogue and createdBy from the session, whatever the body says', async () => {
    const created = await postOrder(t, staff, {
      plan: 'duo',
      price: '1.00',
      createdBy: 'pirate',
      creditCost: 99,
    } as never);
    expect(created.order).toMatchObject({
      plan: 'duo',
      price: '85.00',
      creditCost: 2,
      createdBy: 'staff',
      paymentStatus: 'paid',
    });
    expect(created.credentials).toBeNull();
    expect(created.id).toBe(created.order.id);
    expect(created.order.verificationKey).toMatch(VERIFICATION_KEY);
    expect(created.order.verificationKey.endsWith('-2025')).toBe(true);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, created.id));
    expect(row).toMatchObject({ price: '85.00', creditCost: '2.00', createdBy: 'staff', clientId: null });
  });

  it('prices a gifted order at 0 € and keeps its credit cost', async () => {
    const created = await postOrder(t, staff, {
      plan: 'famille',
      paymentMethod: 'offert',
      clientEmail: 'cadeau@exemple.fr',
    });
    expect(created.order).toMatchObject({ price: '0.00', creditCost: 3, paymentMethod: 'offert' });
  });

  it('gives each order its own unguessable key', async () => {
    const keys = new Set<string>();
    for (let i = 0; i < 5; i++)
      keys.add(
        (await postOrder(t, staff, { orderDate: '2024-12-31', clientEmail: `k${i}@exemple.fr` })).order.verificationKey,
      );
    expect(keys.size).toBe(5);
    for (const key of keys) expect(key).toMatch(/^RFS-[A-HJKMNP-Z2-9]{6}-2024$/);
  });

  it('creates the client account, stores only an Argon2id hash and e-mails the credentials', async () => {
    await t.drain(); // what earlier tests queued leaves first
    t.mailer.sent.length = 0;
    const created = await postOrder(t, staff, {
      clientName: 'Élodie Bérénger',
      clientEmail: 'Elodie.Berenger@exemple.fr',
      username: 'eberenger',
      password: 'Soleil-du-Midi-42',
    });
    expect(created.credentials).toEqual({ username: 'eberenger', password: 'Soleil-du-Midi-42' });
    expect(created.order).toMatchObject({ username: 'eberenger', hasPassword: true });
    expect(created.order.clientId).toEqual(expect.any(Number));
    expect(JSON.stringify(created.order)).not.toContain('Soleil');

    const [client] = await t.db.select().from(clients).where(eq(clients.id, created.order.clientId!));
    expect(client).toMatchObject({
      username: 'eberenger',
      email: 'Elodie.Berenger@exemple.fr',
      firstName: 'Élodie',
      lastName: 'Bérénger',
    });
    // Nothing but the hash is derived from the password: no hint of it is kept for the invoice.
    expect(JSON.stringify({ ...client, passwordHash: undefined })).not.toMatch(/So…|…42|Soleil/);
    expect(client!.passwordHash).not.toBe('Soleil-du-Midi-42');
    expect(client!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);

    await t.drain();
    expect(credentialsMails()).toHaveLength(1);
    const mail = credentialsMails()[0]!;
    expect(mail.to).toBe('Elodie.Berenger@exemple.fr');
    expect(mail.subject).toBe('Vos identifiants RFS Assistance');
    expect(mail.text).toContain('Nom d’utilisateur : eberenger');
    expect(mail.text).toContain('Mot de passe : Soleil-du-Midi-42');
    expect(mail.text).toContain('http://localhost:3000/client/login');

    // The credentials open the client area, by username or e-mail, in any case.
    await clientLogin(t, 'EBerenger', 'Soleil-du-Midi-42');
    const byEmail = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'elodie.berenger@EXEMPLE.fr', password: 'Soleil-du-Midi-42' },
    });
    expect(byEmail.statusCode).toBe(200);
  });

  it('generates a password when only a username is given', async () => {
    const created = await postOrder(t, staff, {
      clientEmail: 'seul@exemple.fr',
      clientName: 'Paul Seul',
      username: 'pseul',
    });
    expect(created.credentials!.username).toBe('pseul');
    expect(created.credentials!.password).toMatch(/^[a-km-zA-HJ-NP-Z2-9]{16}$/);
    await clientLogin(t, 'pseul', created.credentials!.password);
  });

  it('links a new order to the existing client and keeps the password unless asked to replace it', async () => {
    await t.drain(); // what earlier tests queued leaves first
    t.mailer.sent.length = 0;
    const first = await postOrder(t, staff, {
      clientEmail: 'marie@exemple.fr',
      clientName: 'Marie Curie',
      username: 'mcurie',
      password: 'Premier-Mot-2025',
    });
    const again = await postOrder(t, staff, {
      clientEmail: 'MARIE@exemple.fr',
      clientName: 'Marie Curie',
      username: 'mcurie',
      password: 'Second-Mot-2025',
      plan: 'basique',
    });
    expect(again.order.clientId).toBe(first.order.clientId);
    expect(again.credentials).toBeNull();
    await t.drain();
    expect(credentialsMails()).toHaveLength(1);
    await clientLogin(t, 'mcurie', 'Premier-Mot-2025');

    // An order without credentials links too.
    const plain = await postOrder(t, staff, { clientEmail: 'marie@exemple.fr', clientName: 'Marie Curie' });
    expect(plain.order).toMatchObject({ clientId: first.order.clientId, username: 'mcurie', hasPassword: true });

    const clientCookie = await clientLogin(t, 'mcurie', 'Premier-Mot-2025');
    const replaced = await postOrder(t, staff, {
      clientEmail: 'marie@exemple.fr',
      username: 'mcurie',
      password: 'Troisieme-Mot-2025',
      updatePassword: true,
    });
    expect(replaced.credentials).toEqual({ username: 'mcurie', password: 'Troisieme-Mot-2025' });
    expect(replaced.order.clientId).toBe(first.order.clientId);
    await t.drain();
    expect(credentialsMails()).toHaveLength(2);
    expect(await t.db.$count(clients, sql`lower(${clients.email}) = 'marie@exemple.fr'`)).toBe(1);
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/client/login',
      payload: { username: 'mcurie', password: 'Premier-Mot-2025' },
    });
    expect(old.statusCode).toBe(401);
    await clientLogin(t, 'mcurie', 'Troisieme-Mot-2025');
    // The session opened with the old password is over.
    expect((await t.app.inject({ method: 'GET', url: '/api/client/session', headers: clientCookie })).statusCode).toBe(
      401,
    );
  });

  it('refuses a username used by another client with 409 and leaves no partial rows', async () => {
    await postOrder(t, staff, { clientEmail: 'premier@exemple.fr', username: 'unique01', password: 'motdepasse-1' });
    await t.drain(); // what earlier tests queued leaves first
    t.mailer.sent.length = 0;
    const before = await counts();
    const audits = await t.db.$count(auditLog);
    for (const payload of [
      validOrder({ clientEmail: 'second@exemple.fr', username: 'UNIQUE01', password: 'motdepasse-2' }),
      validOrder({
        clientEmail: 'marie@exemple.fr',
        username: 'unique01',
        password: 'motdepasse-2',
        updatePassword: true,
      }),
    ]) {
      const res = await post(payload);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        message: "Ce nom d'utilisateur est déjà utilisé",
        fieldErrors: { username: ["Ce nom d'utilisateur est déjà utilisé"] },
      });
    }
    expect(await counts()).toEqual(before);
    expect(await t.db.$count(auditLog)).toBe(audits);
    await t.drain();
    expect(t.mailer.sent).toHaveLength(0);
  });

  it('keeps the order when the credentials e-mail fails', async () => {
    const send = t.mailer.send;
    t.mailer.send = async () => {
      throw new Error('SMTP en panne');
    };
    try {
      const res = await post(
        validOrder({ clientEmail: 'panne@exemple.fr', username: 'panne01', password: 'motdepasse-3' }),
      );
      expect(res.statusCode).toBe(201);
      expect(res.json().credentials.username).toBe('panne01');
      expect(await t.db.$count(orders, eq(orders.id, res.json().id))).toBe(1);
    } finally {
      t.mailer.send = send;
    }
  });

  it('regenerates the password of the order’s client, keeps the username, e-mails it and audits it', async () => {
    const created = await postOrder(t, staff, {
      clientEmail: 'regen@exemple.fr',
      clientName: 'Régis Gênant',
      username: 'rgenant',
      password: 'Ancien-Mot-2025',
    });
    await t.drain(); // what earlier tests queued leaves first
    t.mailer.sent.length = 0;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/manual-orders/${created.id}/credentials`,
      headers: staff,
    });
    expect(res.statusCode).toBe(200);
    const issued = res.json();
    expect(issued.username).toBe('rgenant');
    expect(issued.password).toMatch(/^[a-km-zA-HJ-NP-Z2-9]{16}$/);
    await t.drain();
    expect(credentialsMails().map((m) => m.to)).toEqual(['regen@exemple.fr']);
    expect(credentialsMails()[0]!.text).toContain(issued.password);
    await clientLogin(t, 'rgenant', issued.password);
    const [client] = await t.db.select().from(clients).where(eq(clients.id, created.order.clientId!));
    expect(JSON.stringify({ ...client, passwordHash: undefined })).not.toContain(`${issued.password.slice(0, 2)}…`);
    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit?entity=order&entityId=${created.id}`,
      headers: staff,
    });
    expect(audit.json<AuditEntryDto[]>().map((a) => a.action)).toEqual([
      'order.credentials',
      'invoice.issue',
      'order.create',
    ]);
    expect(JSON.stringify(audit.json())).not.toContain(issued.password);
  });

  it('refuses to regenerate credentials for an order without a client account', async () => {
    const created = await postOrder(t, staff, { clientEmail: 'sans-compte@exemple.fr' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/manual-orders/${created.id}/credentials`,
      headers: staff,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'NO_ACCOUNT',
      message: expect.stringContaining("n'est liée à aucun compte client"),
    });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/admin/manual-orders/999999/credentials',
      headers: staff,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('creates an order sent again with its idempotency key once, even when both arrive at the same time', async () => {
    await t.drain();
    t.mailer.sent.length = 0;
    const before = await counts();
    const key = 'cle-de-formulaire-0001';
    const order = validOrder({
      clientEmail: 'double@exemple.fr',
      username: 'double01',
      password: 'Azur-Passerelle-2026',
    });
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/manual-orders',
        headers: { ...staff, 'idempotency-key': key },
        payload: order,
      });
    const answers = await Promise.all([send(), send()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
    const [first, again] = answers[0]!.statusCode === 201 ? answers : [answers[1]!, answers[0]!];
    expect(again!.json().id).toBe(first!.json().id);
    // The password is shown once: the replay says the order exists, not what was issued.
    expect(first!.json().credentials.username).toBe('double01');
    expect(again!.json().credentials).toBeNull();
    expect([first!.json().replayed, again!.json().replayed]).toEqual([false, true]);
    expect(again!.json().order.documents).toEqual(first!.json().order.documents);
    expect(await counts()).toEqual({ orders: before.orders + 1, clients: before.clients + 1 });
    await t.drain();
    expect(credentialsMails().map((m) => m.to)).toEqual(['double@exemple.fr']);
    // A third send, later, still finds it.
    const later = await send();
    expect(later.statusCode).toBe(200);
    expect(later.json().id).toBe(first!.json().id);
  });

  it('refuses a key already used for a different order, and a malformed key, without writing anything', async () => {
    const key = 'cle-de-formulaire-0002';
    const headers = { ...staff, 'idempotency-key': key };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/manual-orders',
      headers,
      payload: validOrder({ clientEmail: 'cle@exemple.fr' }),
    });
    expect(created.statusCode).toBe(201);
    const before = await counts();
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/admin/manual-orders',
      headers,
      payload: validOrder({ clientEmail: 'cle@exemple.fr', plan: 'basique' }),
    });
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toMatchObject({
      code: 'IDEMPOTENCY_MISMATCH',
      message: expect.stringContaining('déjà été créée'),
    });
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/admin/manual-orders',
      headers: { ...staff, 'idempotency-key': 'trop court' },
      payload: validOrder({ clientEmail: 'cle2@exemple.fr' }),
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain('Clé d’idempotence invalide');
    expect(await counts()).toEqual(before);
    // Only a digest of what was asked is kept, never the password.
    const [row] = await t.db
      .select({ digest: orders.idempotencyDigest })
      .from(orders)
      .where(eq(orders.idempotencyKey, key));
    expect(row!.digest).toMatch(/^[\w-]{43}$/);
  });

  it('suggests a free username from the name and a strong password', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/credentials/suggest?name=${encodeURIComponent('Jean-Marc  Lefèvre')}`,
      headers: staff,
    });
    expect(res.statusCode).toBe(200);
    const { username, password } = res.json();
    expect(username).toMatch(/^jlefevre\d{2,3}$/);
    expect(password).toMatch(/^[a-km-zA-HJ-NP-Z2-9]{16}$/);
    expect(password).toMatch(/\d/);
    const empty = await t.app.inject({ method: 'GET', url: '/api/admin/credentials/suggest', headers: staff });
    expect(empty.json().username).toMatch(/^client\d{2,3}$/);
  });
});

describe('[ADMIN][ORDERS] list, update, audit', () => {
  const { t, staff } = staffTestApp();
  let orders: OrderDto[];
  beforeAll(async () => {
    orders = [];
    for (let i = 1; i <= 7; i++) {
      orders.push(
        (
          await postOrder(t, staff, {
            clientName: i === 3 ? 'Zoé 100%_Sûre' : `Client ${i}`,
            clientEmail: i % 2 ? 'impair@exemple.fr' : `pair${i}@exemple.fr`,
            paymentStatus: i === 5 ? 'pending' : 'paid',
          })
        ).order,
      );
    }
  });

  const list = (query: string) =>
    t.app.inject({ method: 'GET', url: `/api/admin/manual-orders${query}`, headers: staff });

  it('pages newest first with the total in X-Total-Count', async () => {
    const first = await list('?limit=3');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('7');
    expect(first.json<OrderDto[]>().map((o) => o.id)).toEqual([orders[6]!.id, orders[5]!.id, orders[4]!.id]);
    expect(first.body).not.toMatch(/argon2|scrypt|passwordHash|password_hash/);
    const last = await list('?limit=3&offset=6');
    expect(last.json<OrderDto[]>().map((o) => o.id)).toEqual([orders[0]!.id]);
    expect(last.headers['x-total-count']).toBe('7');
    expect((await list('?offset=50')).json()).toEqual([]);
    expect((await list('?limit=1000')).json()).toHaveLength(7);
    expect((await list('?limit=abc')).statusCode).toBe(400);
    expect((await list('?offset=-1')).statusCode).toBe(400);
  });

  it('filters by e-mail (any case), status and search text', async () => {
    const byEmail = await list('?email=IMPAIR@exemple.fr');
    expect(byEmail.headers['x-total-count']).toBe('4');
    expect((await list('?status=pending')).json<OrderDto[]>().map((o) => o.id)).toEqual([orders[4]!.id]);
    expect((await list('?status=nope')).statusCode).toBe(400);
    expect(
      (await list(`?q=${orders[3]!.verificationKey.slice(4, 10).toLowerCase()}`)).json<OrderDto[]>().map((o) => o.id),
    ).toEqual([orders[3]!.id]);
    expect((await list(`?q=${orders[1]!.id}`)).json<OrderDto[]>().map((o) => o.id)).toContain(orders[1]!.id);
    expect((await list('?q=client%202')).json<OrderDto[]>().map((o) => o.clientName)).toEqual(['Client 2']);
    expect((await list('?q=PAIR4')).json<OrderDto[]>()).toHaveLength(1);
    // % and _ are searched literally.
    expect((await list('?q=100%25_')).json<OrderDto[]>().map((o) => o.clientName)).toEqual(['Zoé 100%_Sûre']);
    expect((await list('?q=%25')).json<OrderDto[]>()).toHaveLength(1);
    expect((await list('?q=_')).json<OrderDto[]>()).toHaveLength(1);
  });

  it('updates status and notes, and audits the before and after of what changed', async () => {
    const id = orders[4]!.id;
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/manual-orders/${id}`,
      headers: staff,
      payload: { paymentStatus: 'paid' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<OrderDto>()).toMatchObject({ id, paymentStatus: 'paid', notes: '' });
    const notes = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/manual-orders/${id}`,
      headers: staff,
      payload: { notes: ' Payé par virement ' },
    });
    expect(notes.json<OrderDto>()).toMatchObject({ paymentStatus: 'paid', notes: 'Payé par virement' });
    // Nothing changes: no audit entry.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/manual-orders/${id}`,
      headers: staff,
      payload: { paymentStatus: 'paid' },
    });

    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit?entity=order&entityId=${id}`,
      headers: staff,
    });
    const entries = audit.json<AuditEntryDto[]>();
    // Paid: the invoice is issued in the same transaction, after the change.
    expect(entries.map((e) => e.action)).toEqual(['order.update', 'invoice.issue', 'order.update', 'order.create']);
    expect(entries[1]).toMatchObject({ after: { number: expect.stringMatching(/^\d{8}$/) } });
    expect(entries[2]).toMatchObject({
      staffUsername: 'staff',
      entity: 'order',
      entityId: String(id),
      before: { paymentStatus: 'pending' },
      after: { paymentStatus: 'paid' },
    });
    expect(entries[0]).toMatchObject({ before: { notes: '' }, after: { notes: 'Payé par virement' } });
  });

  it('validates updates and answers 404 for an unknown order', async () => {
    const id = orders[0]!.id;
    const empty = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/manual-orders/${id}`,
      headers: staff,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Aucune modification');
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/manual-orders/${id}`,
      headers: staff,
      payload: { paymentStatus: 'gratuit' },
    });
    expect(bad.json().fieldErrors.paymentStatus).toEqual(['Statut de paiement invalide']);
    const missing = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/manual-orders/424242',
      headers: staff,
      payload: { notes: 'x' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Commande introuvable');
  });

  it.each(['abc', '0', '-3', '1.5', '99999999999', '1e3', '%20'])(
    'answers 400 to the malformed id %s on every :id route',
    async (id) => {
      for (const [method, url] of [
        ['PATCH', `/api/admin/manual-orders/${id}`],
        ['POST', `/api/admin/manual-orders/${id}/credentials`],
        ['GET', `/api/admin/manual-orders/${id}/receipt`],
        ['POST', `/api/admin/manual-orders/${id}/credit-notes`],
        ['GET', `/api/admin/documents/${id}/pdf`],
        ['PATCH', `/api/admin/contacts/${id}`],
        ['POST', `/api/admin/contacts/${id}/validate`],
        ['PATCH', `/api/admin/interventions/${id}`],
      ] as const) {
        const res = await t.app.inject({
          method,
          url,
          headers: staff,
          payload: method === 'PATCH' ? { notes: 'x', status: 'closed' } : undefined,
        });
        expect(res.statusCode, `${method} ${url}`).toBe(400);
        expect(res.json().message).toBe('Identifiant invalide');
      }
    },
  );
});
