import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, clients, orders } from '#server/db/schema.ts';
import { VERIFICATION_KEY } from '#shared/billing/invoice-verification.ts';
import { clientLogin, postOrder, validOrder } from '#server/test/fixtures.ts';
import { manualOrdersTestApp } from './orders-fixtures.ts';

describe('[ADMIN][CREATE_ORDER] manual orders', () => {
  const { t, staff, post, counts, credentialsMails } = manualOrdersTestApp();

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
});
