import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, TEST_ADMIN, type TestApp } from '#server/test/harness.ts';
import { loginThrottle, staffSessions } from '#server/db/schema.ts';
import { hostCookie, STAFF_COOKIE } from '#server/plugins/auth.ts';
import { POLICIES, reserveLoginAttempt } from '#server/services/security/login-throttle.ts';
import { hashSessionToken } from '#server/services/security/sessions.ts';
import { passwordChecks as checks } from '#server/test/password-checks.ts';
import { cookieHeader, staffLogin } from '#server/test/fixtures.ts';

// Counts every password actually checked (a real account's hash or the dummy one for an unknown username).
vi.mock('#server/services/security/passwords.ts', async (importOriginal) =>
  (await import('#server/test/password-checks.ts')).countingPasswords(await importOriginal()),
);

const login = (t: TestApp, payload: object, remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/admin/login', payload, remoteAddress, headers });
const right = { username: TEST_ADMIN.username, password: TEST_ADMIN.password };
const wrong = (i = 0) => ({ username: TEST_ADMIN.username, password: `pas-le-bon-${i}` });
const tokenOf = (res: { cookies: Array<{ name: string; value: string }> }) =>
  res.cookies.find((c) => c.name === STAFF_COOKIE)?.value;

describe('[ADMIN][LOGIN] staff sign-in on the server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('opens a 12-hour httpOnly session whose id is stored only as a hash', async () => {
    const res = await login(t, { username: TEST_ADMIN.username, password: TEST_ADMIN.password }, '10.0.0.1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      username: TEST_ADMIN.username,
      role: 'admin',
      unlocked: false,
    });
    const cookie = res.cookies.find((c) => c.name === 'rfs_staff')!;
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 12 * 3600 });
    expect(cookie.secure).toBeFalsy(); // PUBLIC_URL is http in tests
    const rows = await t.db.select().from(staffSessions);
    expect(rows.some((r) => r.idHash === cookie.value)).toBe(false);
    const row = rows.find((r) => r.idHash === hashSessionToken(cookie.value))!;
    expect(row).toBeDefined();
    const hours = (row.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThanOrEqual(12);

    const session = await t.app.inject({
      method: 'GET',
      url: '/api/admin/session',
      headers: { cookie: `rfs_staff=${cookie.value}` },
    });
    expect(session.json()).toEqual({
      id: expect.any(Number),
      username: TEST_ADMIN.username,
      role: 'admin',
      unlocked: false,
    });
  });

  it('requires both fields, in French', async () => {
    const res = await login(t, { username: '  ', password: '' }, '10.0.0.3');
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      username: ["Le nom d'utilisateur est requis"],
      password: ['Le mot de passe est requis'],
    });
  });

  it('ends the session on the server at logout and clears the cookie', async () => {
    const staff = await staffLogin(t);
    const hash = hashSessionToken(staff.cookie.split('=')[1]!);
    expect(await t.db.$count(staffSessions, eq(staffSessions.idHash, hash))).toBe(1);
    const out = await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: staff });
    expect(out.statusCode).toBe(200);
    const cleared = out.cookies.find((c) => c.name === STAFF_COOKIE)!;
    expect(cleared.value).toBe('');
    // Gone from the table: a copy of the cookie kept by anyone opens nothing.
    expect(await t.db.$count(staffSessions, eq(staffSessions.idHash, hash))).toBe(0);
    const again = await t.app.inject({ method: 'GET', url: '/api/admin/session', headers: staff });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe('Session expirée, veuillez vous reconnecter.');
  });

  it('gives a new session id at every sign-in and never adopts one the browser brings (fixation)', async () => {
    const planted = 'A'.repeat(43);
    const res = await login(t, right, '10.0.0.4', cookieHeader(STAFF_COOKIE, planted));
    expect(res.statusCode).toBe(200);
    const token = tokenOf(res)!;
    expect(token).not.toBe(planted);
    expect(await t.db.$count(staffSessions, eq(staffSessions.idHash, hashSessionToken(planted)))).toBe(0);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/session', headers: cookieHeader(STAFF_COOKIE, planted) }))
        .statusCode,
    ).toBe(401);

    // Signing in again over a valid session replaces it: the old id stops working on the server.
    const again = await login(t, right, '10.0.0.4', cookieHeader(STAFF_COOKIE, token));
    const renewed = tokenOf(again)!;
    expect(renewed).not.toBe(token);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/session', headers: cookieHeader(STAFF_COOKIE, token) }))
        .statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/session', headers: cookieHeader(STAFF_COOKIE, renewed) }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses an expired session', async () => {
    const staff = await staffLogin(t);
    const token = staff.cookie.split('=')[1]!;
    await t.db
      .update(staffSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffSessions.idHash, hashSessionToken(token)));
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/session', headers: staff })).statusCode).toBe(401);
  });
});

describe('[ADMIN][LOGIN] failed attempts slow the attacker, never lock the owner out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    await t.db.delete(loginThrottle);
    checks.count = 0;
  });
  /** Earlier failed attempts on the account, one per address, counted as the sign-in route counts them (without spending scrypt time). */
  const failedElsewhere = async (count: number, network: string) => {
    for (let i = 0; i < count; i++)
      await reserveLoginAttempt(t.db, { scope: 'staff', login: TEST_ADMIN.username, address: `${network}.${i + 1}` });
  };

  it('lets the owner in from another address after five wrong passwords from one', async () => {
    for (let i = 0; i < 5; i++) expect((await login(t, wrong(i), '10.0.1.1')).statusCode).toBe(401);
    // The attacker's address is blocked, even with the right password...
    const blocked = await login(t, right, '10.0.1.1');
    expect(blocked.statusCode).toBe(429);
    // A minute from the fifth failure: « 1 minute », or its last seconds on a machine slow enough to let one pass.
    expect(blocked.json()).toEqual({
      message: expect.stringMatching(
        /^Trop de tentatives de connexion\. Réessayez dans (1 minute|[1-5]?\d secondes)\.$/,
      ),
      code: 'THROTTLED',
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(50);
    // ...the owner elsewhere is not.
    expect((await login(t, right, '10.0.1.2')).statusCode).toBe(200);
  });

  it('lets the owner sign in while an attacker keeps hammering the account', async () => {
    const attacks = Array.from({ length: 25 }, (_, i) => login(t, wrong(i), '10.0.1.3'));
    const owner = await login(t, right, '10.0.1.4');
    const statuses = (await Promise.all(attacks)).map((r) => r.statusCode);
    expect(owner.statusCode).toBe(200);
    expect(statuses.filter((s) => s === 401)).toHaveLength(POLICIES.pair.free);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
  });

  // 30 at once: one more and the in-memory flood guard (@fastify/rate-limit) turns the whole burst away before the
  // database is asked (its store hands every parallel request the same counter); 50 at once are run on the service.
  it('checks no more than 5 passwords out of 30 parallel attempts from one address', async () => {
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => login(t, wrong(i), '10.0.1.5')));
    expect(checks.count).toBe(POLICIES.pair.free);
    expect(results.filter((r) => r.statusCode === 401)).toHaveLength(POLICIES.pair.free);
    expect(results.every((r) => r.statusCode === 401 || r.statusCode === 429)).toBe(true);
  });

  it('checks one password out of a parallel burst from many addresses once the account is past its allowance', async () => {
    await failedElsewhere(POLICIES.account.free + 5, '10.2.0');
    // The last delay has just ended, and enough failures are counted that the next delay is the longest (30 s), longer
    // than any burst takes. The loop above counts fewer on a fast machine, where its last attempts fall in a delay.
    await t.db
      .update(loginThrottle)
      .set({ failures: POLICIES.account.free + 10, blockedUntil: sql`now() - interval '1 second'` })
      .where(eq(loginThrottle.bucket, 'account'));
    checks.count = 0;
    const burst = await Promise.all(Array.from({ length: 50 }, (_, i) => login(t, wrong(i), `10.3.0.${i + 1}`)));
    expect(checks.count).toBe(1);
    expect(burst.filter((r) => r.statusCode === 401)).toHaveLength(1);
    const refused = burst.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(49);
    expect(Number(refused[0]!.headers['retry-after'])).toBeLessThanOrEqual(POLICIES.account.maxSeconds);
  });

  it('lets the owner in from an address already used, while attempts from everywhere slow the account', async () => {
    expect((await login(t, right, '10.4.0.1')).statusCode).toBe(200);
    await failedElsewhere(POLICIES.account.free, '10.4.1');
    await t.db
      .update(loginThrottle)
      .set({ blockedUntil: sql`now() + interval '30 seconds'` })
      .where(eq(loginThrottle.bucket, 'account'));
    // A new address waits out the short account-wide delay; the owner's usual one does not.
    const elsewhere = await login(t, right, '10.4.2.1');
    expect(elsewhere.statusCode).toBe(429);
    expect(Number(elsewhere.headers['retry-after'])).toBeLessThanOrEqual(POLICIES.account.maxSeconds);
    expect((await login(t, right, '10.4.0.1')).statusCode).toBe(200);
  });

  it('answers an unknown username exactly as an existing one, attempt after attempt', async () => {
    const run = async (username: string, address: string) => {
      const out: Array<{ status: number; body: string; cookies: number; retry: string | undefined }> = [];
      for (let i = 0; i < 7; i++) {
        const res = await login(t, { username, password: `essai-${i}` }, address);
        out.push({
          status: res.statusCode,
          // The wait it names counts down with the clock: « 1 minute » for one, « 59 secondes » a second later.
          body: res.body.replace(/Réessayez dans [^."]+\./, 'Réessayez dans …'),
          cookies: res.cookies.length,
          retry: res.headers['retry-after'] ? 'oui' : undefined,
        });
      }
      return out;
    };
    const existing = await run(TEST_ADMIN.username, '10.0.1.6');
    const unknown = await run('personne', '10.0.1.7');
    expect(unknown).toEqual(existing);
    expect(existing.map((r) => r.status)).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect(JSON.parse(existing[0]!.body)).toEqual({ message: 'Identifiants incorrects', code: 'BAD_CREDENTIALS' });
    // Both cost one password check each until throttled: the same time.
    expect(checks.count).toBe(2 * POLICIES.pair.free);
  });

  it('stops one address trying many usernames after 20 failures; other addresses go on', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++)
      statuses.push((await login(t, { username: `inconnu${i}`, password: 'x' }, '10.0.2.1')).statusCode);
    expect(statuses.slice(0, POLICIES.address.free).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(POLICIES.address.free)).toEqual([429, 429]);
    expect((await login(t, right, '10.0.2.1')).statusCode).toBe(429);
    expect((await login(t, right, '10.0.2.2')).statusCode).toBe(200);
  });

  it('keeps an in-memory flood guard of 30 requests a minute per address (429 in French)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await login(t, { username: '', password: '' }, '10.0.2.9')).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    const limited = await login(t, right, '10.0.2.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Trop de tentatives. Patientez un instant puis réessayez.');
  });
});

describe('[ADMIN][UNLOCK] the secret code unlocks the download tab for one session', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const unlock = (staff: Record<string, string>, code: unknown, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/admin/unlock', headers: staff, payload: { code }, remoteAddress });

  it('refuses a wrong code with 403 BAD_SECRET_CODE and keeps the session locked', async () => {
    const staff = await staffLogin(t);
    const res = await unlock(staff, 'code-secret-43');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Le code secret saisi est invalide', code: 'BAD_SECRET_CODE' });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/session', headers: staff })).json().unlocked).toBe(
      false,
    );
    const locked = await t.app.inject({ method: 'POST', url: '/api/admin/download-site', headers: staff });
    expect(locked.statusCode).toBe(403);
    expect(locked.json().message).toBe('Déverrouillez d’abord l’onglet Téléchargement avec le code secret.');
  });

  it('requires a code', async () => {
    const res = await unlock(await staffLogin(t), '');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Le code secret est requis');
  });

  it('unlocks that session only with the right code', async () => {
    const staff = await staffLogin(t);
    const other = await staffLogin(t);
    const res = await unlock(staff, TEST_ADMIN.secretCode);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      username: TEST_ADMIN.username,
      role: 'admin',
      unlocked: true,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/session', headers: staff })).json().unlocked).toBe(
      true,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/session', headers: other })).json().unlocked).toBe(
      false,
    );
  });

  it('limits guesses per IP address', async () => {
    const staff = await staffLogin(t);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await unlock(staff, `essai-${i}`, '10.9.9.9')).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 403)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('[ADMIN][LOGIN] behind https', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://support.exemple.fr' });
  });
  afterAll(async () => t.close());

  it('marks the session cookie Secure', async () => {
    const res = await login(t, right);
    expect(res.cookies.find((c) => c.name === hostCookie(STAFF_COOKIE))).toMatchObject({
      secure: true,
      httpOnly: true,
    });
  });
});

describe('[ADMIN][UNLOCK] without ADMIN_SECRET_CODE', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_SECRET_CODE: '' });
  });
  afterAll(async () => t.close());

  it('never unlocks', async () => {
    expect(t.config.ADMIN_SECRET_CODE).toBeUndefined();
    const staff = await staffLogin(t);
    for (const code of [TEST_ADMIN.secretCode, 'undefined', 'x']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/admin/unlock', headers: staff, payload: { code } });
      expect(res.statusCode).toBe(403);
    }
  });
});
