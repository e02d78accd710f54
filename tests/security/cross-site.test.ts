import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, staffSessions } from '#server/db/schema.ts';
import { validOrder } from '#server/test/fixtures.ts';
import { buildWorld, PASSWORDS, type World } from './world.ts';

// Every spelling of one state-changing admin path that a router or a proxy might read as that path.
const SPELLINGS = [
  '/api/admin/manual-orders',
  '/api/admin/manual-orders/',
  '/api/admin/manual-orders?x=1',
  '/%61pi/admin/manual-orders',
  '/%61%70%69/admin/manual-orders',
  '/api/%61dmin/manual-orders',
  '/api/admin/manual%2Dorders',
  '/api%2Fadmin%2Fmanual-orders',
  '/api%2fadmin/manual-orders',
  '//api/admin/manual-orders',
  '/api//admin/manual-orders',
  '/api/admin//manual-orders',
  '/api/./admin/manual-orders',
  '/api/admin/x/../manual-orders',
  '/api/admin/%2e%2e/admin/manual-orders',
  '/API/admin/manual-orders',
  '/api/admin/manual-orders;x=1',
  '/api/admin/manual-orders%00',
  '/api/admin/manual-orders#frag',
];

describe('[SECURITY][CSRF] a cross-site request with a valid session changes nothing, however the path is spelled', () => {
  let w: World;
  beforeAll(async () => {
    w = await buildWorld();
  });
  afterAll(async () => w.t.close());

  const attempts = [
    { name: 'Origin of another site', headers: { origin: 'https://pirate.example' } },
    { name: 'Origin null (sandboxed frame)', headers: { origin: 'null' } },
    { name: 'Sec-Fetch-Site cross-site without Origin', headers: { 'sec-fetch-site': 'cross-site' } },
  ];

  for (const attempt of attempts) {
    it(`refuses ${attempt.name}`, async () => {
      const before = await w.t.db.$count(orders);
      for (const url of SPELLINGS) {
        const res = await w.t.app.inject({
          method: 'POST',
          url,
          headers: { ...w.staff, ...attempt.headers },
          payload: validOrder({ clientEmail: 'csrf@exemple.fr' }),
        });
        expect(res.statusCode, `${url} → ${res.body.slice(0, 120)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, url).toBeLessThan(500);
      }
      expect(await w.t.db.$count(orders)).toBe(before);
    });
  }

  it('refuses a form-encoded or plain-text body (what a cross-site <form> can send without a preflight)', async () => {
    const before = await w.t.db.$count(orders);
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      for (const url of [
        '/api/admin/manual-orders',
        '/api/client/interventions',
        '/api/register',
        '/api/admin/logout',
      ]) {
        const session = url.startsWith('/api/admin') ? w.staff : w.alice.headers;
        const res = await w.t.app.inject({
          method: 'POST',
          url,
          headers: { ...session, 'content-type': contentType },
          payload: 'a=b',
        });
        expect(res.statusCode, `${contentType} ${url}`).toBe(415);
      }
    }
    expect(await w.t.db.$count(orders)).toBe(before);
  });

  it('still serves the same call from our own pages', async () => {
    const res = await w.t.app.inject({
      method: 'POST',
      url: '/api/admin/manual-orders',
      headers: { ...w.staff, origin: w.t.config.PUBLIC_URL, 'sec-fetch-site': 'same-origin' },
      payload: validOrder({ clientEmail: 'maison@exemple.fr' }),
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('[SECURITY][SESSIONS] fixation and logout', () => {
  let w: World;
  beforeAll(async () => {
    w = await buildWorld();
  });
  afterAll(async () => w.t.close());

  it('gives a new session id at every staff sign-in and ignores the one the browser brought', async () => {
    const planted = 'jeton-choisi-par-un-pirate';
    const first = await w.t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { cookie: `rfs_staff=${planted}` },
      payload: { username: 'staff', password: 'motdepasse-staff-1' },
    });
    expect(first.statusCode).toBe(200);
    const second = await w.t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'staff', password: 'motdepasse-staff-1' },
    });
    const a = first.cookies.find((c) => c.name === 'rfs_staff')!.value;
    const b = second.cookies.find((c) => c.name === 'rfs_staff')!.value;
    expect(a).not.toBe(planted);
    expect(a).not.toBe(b);
    expect(a.length).toBeGreaterThanOrEqual(32);
    const planted401 = await w.t.app.inject({
      method: 'GET',
      url: '/api/admin/session',
      headers: { cookie: `rfs_staff=${planted}` },
    });
    expect(planted401.statusCode).toBe(401);
  });

  it('gives a new session id at every client sign-in', async () => {
    const planted = 'jeton-choisi-par-un-pirate';
    const tokens = [];
    for (let i = 0; i < 2; i++) {
      const res = await w.t.app.inject({
        method: 'POST',
        url: '/api/client/login',
        headers: { cookie: `rfs_client=${planted}` },
        payload: { username: 'alice', password: PASSWORDS.alice },
      });
      expect(res.statusCode).toBe(200);
      tokens.push(res.cookies.find((c) => c.name === 'rfs_client')!.value);
    }
    expect(new Set([...tokens, planted]).size).toBe(3);
  });

  it('ends the staff session on the server at logout: the old cookie no longer opens anything', async () => {
    const login = await w.t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'staff', password: 'motdepasse-staff-1' },
    });
    const cookie = { cookie: `rfs_staff=${login.cookies.find((c) => c.name === 'rfs_staff')!.value}` };
    const sessionsBefore = await w.t.db.$count(staffSessions);
    expect((await w.t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: cookie })).statusCode).toBe(200);
    expect(await w.t.db.$count(staffSessions)).toBe(sessionsBefore - 1);
    expect((await w.t.app.inject({ method: 'GET', url: '/api/admin/manual-orders', headers: cookie })).statusCode).toBe(
      401,
    );
  });

  it('ends the client session on the server at logout', async () => {
    const res = await w.t.app.inject({
      method: 'POST',
      url: '/api/client/login',
      payload: { username: 'bruno', password: PASSWORDS.bruno },
    });
    const cookie = { cookie: `rfs_client=${res.cookies.find((c) => c.name === 'rfs_client')!.value}` };
    expect((await w.t.app.inject({ method: 'POST', url: '/api/client/logout', headers: cookie })).statusCode).toBe(200);
    expect(
      (await w.t.app.inject({ method: 'GET', url: '/api/client/interventions', headers: cookie })).statusCode,
    ).toBe(401);
    expect((await w.t.app.inject({ method: 'GET', url: '/api/auth/user', headers: cookie })).statusCode).toBe(401);
  });
});
