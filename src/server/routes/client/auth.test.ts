import { beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '#shared/format.ts';
import { clientLogin, postOrder, staffLogin, staffTestApp } from '#server/test/fixtures.ts';

describe('[CLIENT][LOGIN] client identity', () => {
  const { t, staff } = staffTestApp();
  let clientId: number;
  beforeAll(async () => {
    const created = await postOrder(t, staff, {
      clientName: 'Marc Évrard',
      clientEmail: 'marc.evrard@exemple.fr',
      username: 'mevrard',
      password: 'Azur-Passerelle-2026',
      plan: 'duo',
      orderDate: todayIso(),
    });
    clientId = created.order.clientId!;
  });

  it('signs in with the username on /api/client/login and opens a 30-day session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client/login',
      payload: { username: 'mevrard', password: 'Azur-Passerelle-2026' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: clientId, name: 'Marc Évrard', email: 'marc.evrard@exemple.fr', plan: 'Duo' });
    const cookie = res.cookies.find((c) => c.name === 'rfs_client')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 30 * 24 * 3600 });
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/client/session',
      headers: { cookie: `rfs_client=${cookie.value}` },
    });
    expect(session.json()).toEqual({ name: 'Marc Évrard', email: 'marc.evrard@exemple.fr', plan: 'Duo' });
  });

  it('signs in with the e-mail or the username on /api/auth/login and answers /api/auth/user', async () => {
    for (const login of ['MARC.EVRARD@exemple.fr', 'MEvrard']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: login, password: 'Azur-Passerelle-2026' },
      });
      expect(res.statusCode, login).toBe(200);
      const cookie = { cookie: `rfs_client=${res.cookies.find((c) => c.name === 'rfs_client')!.value}` };
      const user = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: cookie });
      expect(user.json()).toEqual({
        id: clientId,
        firstName: 'Marc',
        lastName: 'Évrard',
        email: 'marc.evrard@exemple.fr',
        createdAt: expect.any(String),
      });
      expect(JSON.stringify(user.json())).not.toMatch(/password|hash|argon2|scrypt/i);
    }
  });

  it('refuses wrong credentials with one message, whoever the user', async () => {
    for (const payload of [
      { username: 'mevrard', password: 'faux-mot-de-passe' },
      { username: 'inconnu', password: 'faux-mot-de-passe' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/client/login', payload });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe("Nom d'utilisateur ou mot de passe incorrect");
    }
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/client/login',
      payload: { username: '', password: '' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Veuillez remplir tous les champs');
    expect(empty.json().fieldErrors.email).toEqual(['Veuillez remplir tous les champs']);
  });

  it('answers 401 Unauthorized without a session, on both areas', async () => {
    for (const url of ['/api/client/session', '/api/auth/user']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().message).toBe('Unauthorized');
    }
  });

  it('does not accept a staff cookie as a client session', async () => {
    const staff = await staffLogin(t);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/client/session',
      headers: { cookie: staff.cookie.replace('rfs_staff', 'rfs_client') },
    });
    expect(res.statusCode).toBe(401);
  });

  it('logs out by POST and by the /api/logout navigation', async () => {
    const cookie = await clientLogin(t, 'mevrard', 'Azur-Passerelle-2026');
    const out = await t.app.inject({ method: 'POST', url: '/api/client/logout', headers: cookie });
    expect(out.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/client/session', headers: cookie })).statusCode).toBe(401);

    const again = await clientLogin(t, 'mevrard', 'Azur-Passerelle-2026');
    const nav = await t.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { ...again, 'sec-fetch-site': 'same-origin' },
    });
    expect(nav.statusCode).toBe(302);
    // The landing page, marked so that it says the sign-out worked.
    expect(nav.headers.location).toBe('/#deconnexion');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: again })).statusCode).toBe(401);
    const login = await t.app.inject({ method: 'GET', url: '/api/login' });
    expect(login.headers.location).toBe('/client/login');
  });

  it('leads the sign-in page back to the client page asked for, and to no other site', async () => {
    const to = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/login?${query}` })).headers.location;
    expect(await to('retour=%2Fclient%2Fdemandes%3Fdemande%3D12')).toBe(
      '/client/login?retour=%2Fclient%2Fdemandes%3Fdemande%3D12',
    );
    expect(await to('retour=%2F%2Failleurs.fr%2Fclient%2Ffactures')).toBe('/client/login');
    expect(await to('retour=%2Fadmin')).toBe('/client/login');
    expect(await to('retour=a&retour=b')).toBe('/client/login');
  });

  it('reports no plan once the subscription has ended', async () => {
    const staff = await staffLogin(t);
    await postOrder(t, staff, {
      clientEmail: 'ancien@exemple.fr',
      clientName: 'Ancien Client',
      username: 'ancien',
      password: 'Azur-Passerelle-2026',
      plan: 'basique',
      orderDate: '2020-01-01',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client/login',
      payload: { username: 'ancien', password: 'Azur-Passerelle-2026' },
    });
    expect(res.json().plan).toBeNull();
  });
});
