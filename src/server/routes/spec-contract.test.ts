import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CGV_REQUIRED } from '#shared/orders/order-consent.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { clientLogin, postOrder, staffLogin } from '#server/test/fixtures.ts';
import { todayIso } from '#shared/format.ts';

/**
 * The calls of docs/specification.md §7 with the French sentences of §5 and §8 that the server sends, as the
 * specification words them (docs/decisions/016: validation 400, no session 401). One place that fails when a rename
 * changes a path, a status, a field or a sentence the specification fixes.
 */
describe('[SPEC §5 §7 §8] the calls and their French messages', () => {
  let t: TestApp;
  let staff: Record<string, string>;
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers });

  beforeAll(async () => {
    t = await createTestApp();
    staff = await staffLogin(t);
  });
  afterAll(async () => t.close());

  it('POST /api/register: 201, and each field of §5 refused with its own sentence', async () => {
    const ok = await post('/api/register', {
      firstName: 'Jeanne',
      lastName: 'Martin',
      email: 'jeanne.martin@exemple.fr',
      phone: '06 12 34 56 78',
      planId: 'pro',
      deviceType: 'macbook',
      deviceInfo: 'MacBook Air 2020',
      acceptCgv: true,
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const bad = await post('/api/register', {
      firstName: 'J',
      lastName: 'M',
      email: 'x',
      phone: '0612',
      planId: '',
      deviceType: '',
      deviceInfo: 'Mac',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({
      firstName: ['Le prénom doit contenir au moins 2 caractères'],
      lastName: ['Le nom doit contenir au moins 2 caractères'],
      email: ['Adresse email invalide'],
      phone: ['Numéro de téléphone invalide'],
      planId: ['Veuillez sélectionner un plan'],
      deviceType: ["Veuillez sélectionner le type d'appareil"],
      deviceInfo: ['Veuillez décrire votre appareil (marque, modèle, etc.)'],
      acceptCgv: [CGV_REQUIRED],
    });
  });

  it('staff sign-in and secret code: « Identifiants incorrects », « Le code secret saisi est invalide »', async () => {
    const login = await post('/api/admin/login', { username: 'staff', password: 'pas-le-bon' });
    expect(login.statusCode).toBe(401);
    expect(login.json().message).toBe('Identifiants incorrects');
    const unlock = await post('/api/admin/unlock', { code: 'pas-le-bon' }, staff);
    expect(unlock.statusCode).toBe(403);
    expect(unlock.json().message).toBe('Le code secret saisi est invalide');
  });

  it('POST /api/admin/manual-orders: the form fields plus price and createdBy → id; §5 messages; a gift is 0 €', async () => {
    const bad = await post(
      '/api/admin/manual-orders',
      {
        clientName: '',
        clientEmail: 'x',
        plan: 'basique',
        paymentMethod: 'carte',
        paymentStatus: 'paid',
        orderDate: '2026-01-05',
      },
      staff,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({
      clientName: ['Le nom du client est requis'],
      clientEmail: ['Email invalide'],
    });

    const created = await post(
      '/api/admin/manual-orders',
      {
        clientName: 'Paul Durand',
        clientEmail: 'paul.durand@exemple.fr',
        clientPhone: '',
        username: '',
        password: '',
        plan: 'duo',
        paymentMethod: 'offert',
        paymentStatus: 'paid',
        orderDate: '2026-01-05',
        notes: '',
        price: '85',
        createdBy: 'admin',
      },
      staff,
    );
    expect(created.statusCode, created.body).toBe(201);
    const { id, order } = created.json();
    expect(id).toBe(order.id);
    expect(order).toMatchObject({
      clientName: 'Paul Durand',
      plan: 'duo',
      paymentMethod: 'offert',
      paymentStatus: 'paid',
      orderDate: '2026-01-05',
      price: '0.00',
    });
  });

  it('the five back-office lists are arrays, loaded together', async () => {
    for (const path of ['manual-orders', 'users', 'contacts', 'subscriptions', 'interventions']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/${path}`, headers: staff });
      expect(res.statusCode, path).toBe(200);
      expect(Array.isArray(res.json()), path).toBe(true);
      expect(res.headers['x-total-count'], path).toMatch(/^\d+$/);
    }
  });

  it('GET /api/admin/manual-orders/{id}/receipt is the PDF « Facture_{number}_{client name}.pdf »', async () => {
    const { id } = await postOrder(t, staff, { clientName: 'Luc Bernard', paymentStatus: 'paid' });
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/manual-orders/${id}/receipt`, headers: staff });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/filename="Facture_\d{8}_Luc Bernard\.pdf"/);
  });

  it('GET /api/verify-invoice/{key}: the six fields of §7, and 404 « Facture non trouvée… »', async () => {
    const { order } = await postOrder(t, staff, {
      clientName: 'Anne Petit',
      plan: 'pro',
      paymentStatus: 'paid',
      orderDate: '2026-02-01',
    });
    const found = await t.app.inject({
      method: 'GET',
      url: `/api/verify-invoice/${encodeURIComponent(order.verificationKey)}`,
    });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({
      id: order.id,
      orderDate: '2026-02-01',
      clientName: 'Anne Petit',
      price: '50.00',
      paymentStatus: 'paid',
    });
    expect(found.json().plan).toBe('Pro');
    const missing = await t.app.inject({ method: 'GET', url: '/api/verify-invoice/RFS-AAAAAA-2026' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Facture non trouvée. Vérifiez votre clé de vérification.');
  });

  it("client sign-in: the server's message on failure, « Veuillez remplir tous les champs » when a field is empty", async () => {
    for (const url of ['/api/client/login', '/api/auth/login']) {
      const wrong = await post(
        url,
        url === '/api/auth/login' ? { email: 'personne', password: 'x' } : { username: 'personne', password: 'x' },
      );
      expect(wrong.statusCode, url).toBe(401);
      expect(wrong.json().message, url).toBe("Nom d'utilisateur ou mot de passe incorrect");
      const empty = await post(url, {});
      expect(empty.statusCode, url).toBe(400);
      expect(empty.json().message, url).toBe('Veuillez remplir tous les champs');
    }
  });

  it("without a session: 401 whose text says « Unauthorized » (§6), and the subscription call's own sentence", async () => {
    for (const [method, url] of [
      ['GET', '/api/auth/user'],
      ['GET', '/api/subscriptions/current'],
      ['GET', '/api/interventions'],
      ['POST', '/api/interventions'],
      ['GET', '/api/client/session'],
      ['GET', '/api/client/interventions'],
      ['POST', '/api/client/interventions'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, url).toBe(401);
      expect(`${res.statusCode}: ${res.body}`, url).toMatch(/^401: .*Unauthorized/);
    }
    const subscribe = await post('/api/subscriptions', {
      planId: 'pro',
      acceptCgv: true,
      price: 50,
      duration: 12,
      interventionsPerMonth: null,
      maxDevices: 1,
    });
    expect(subscribe.statusCode).toBe(401);
    expect(subscribe.json().message).toBe('Vous devez être connecté pour vous abonner');
  });

  it('a client: session, user, subscription, both intervention lists and their creation, then logout', async () => {
    await postOrder(t, staff, {
      clientName: 'Marie Curie',
      clientEmail: 'marie.curie@exemple.fr',
      username: 'mcurie',
      password: 'Azur-Passerelle-2026',
      plan: 'basique',
      orderDate: todayIso(),
    });
    const headers = await clientLogin(t, 'mcurie', 'Azur-Passerelle-2026');
    const get = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(200);
      return res.json();
    };
    expect(await get('/api/client/session')).toEqual({
      name: 'Marie Curie',
      email: 'marie.curie@exemple.fr',
      plan: 'Basique',
    });
    expect(await get('/api/auth/user')).toMatchObject({
      firstName: 'Marie',
      lastName: 'Curie',
      email: 'marie.curie@exemple.fr',
    });
    expect(await get('/api/subscriptions/current')).toMatchObject({
      plan: 'Basique',
      price: 10,
      durationMonths: 1,
      interventionsUsed: 0,
      interventionsPerMonth: 3,
      maxDevices: 1,
    });

    const dashboard = await post(
      '/api/interventions',
      { title: "Demande d'assistance", description: 'Mon ordinateur est lent' },
      headers,
    );
    expect(dashboard.statusCode, dashboard.body).toBe(201);
    expect((await get('/api/interventions'))[0]).toMatchObject({
      title: "Demande d'assistance",
      description: 'Mon ordinateur est lent',
      status: 'pending',
      duration: null,
    });

    const missing = await post(
      '/api/client/interventions',
      { description: 'Écran noir', urgency: 'high', deviceType: 'mac', deviceInfo: '' },
      headers,
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Veuillez remplir tous les champs');
    const area = await post(
      '/api/client/interventions',
      { description: 'Écran noir', urgency: 'high', deviceType: 'mac', deviceInfo: 'iMac 2019' },
      headers,
    );
    expect(area.statusCode, area.body).toBe(201);
    expect((await get('/api/client/interventions'))[0]).toMatchObject({
      description: 'Écran noir',
      urgency: 'high',
      deviceType: 'mac',
      deviceInfo: 'iMac 2019',
      status: 'pending',
    });

    expect((await t.app.inject({ method: 'POST', url: '/api/client/logout', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/client/session', headers })).statusCode).toBe(401);
  });

  it('the browser navigations /api/login and /api/logout (decision 029)', async () => {
    const login = await t.app.inject({ method: 'GET', url: '/api/login' });
    expect(login.statusCode).toBe(302);
    expect(login.headers.location).toBe('/client/login');
    const logout = await t.app.inject({ method: 'GET', url: '/api/logout' });
    expect(logout.statusCode).toBe(302);
    expect(logout.headers.location).toBe('/');
  });
});
