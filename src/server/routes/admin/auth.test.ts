import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../test/harness';
import { staffSessions, staffUsers } from '../../db/schema';
import { hashSessionToken } from '../../services/sessions';
import { staffLogin } from './test-fixtures';

const login = (t: TestApp, payload: object, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/admin/login', payload, remoteAddress });

describe('[ADMIN][LOGIN] staff sign-in on the server', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => t.close());

  it('opens a 12-hour httpOnly session whose id is stored only as a hash', async () => {
    const res = await login(t, { username: TEST_ADMIN.username, password: TEST_ADMIN.password }, '10.0.0.1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ username: TEST_ADMIN.username, unlocked: false });
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

    const session = await t.app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie: `rfs_staff=${cookie.value}` } });
    expect(session.json()).toEqual({ username: TEST_ADMIN.username, unlocked: false });
  });

  it('answers the same 401 for a wrong password and an unknown username', async () => {
    const wrong = await login(t, { username: TEST_ADMIN.username, password: 'pas-le-bon' }, '10.0.0.2');
    const unknown = await login(t, { username: 'personne', password: 'pas-le-bon' }, '10.0.0.2');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ message: 'Identifiants incorrects' });
      expect(res.cookies).toHaveLength(0);
    }
    await t.db.update(staffUsers).set({ failedLogins: 0 }).where(eq(staffUsers.username, TEST_ADMIN.username));
  });

  it('requires both fields, in French', async () => {
    const res = await login(t, { username: '  ', password: '' }, '10.0.0.3');
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ username: ["Le nom d'utilisateur est requis"], password: ['Le mot de passe est requis'] });
  });

  it('locks the account for 15 minutes after 5 failures, even for the right password, then lets it in again', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await login(t, { username: TEST_ADMIN.username, password: `faux-${i}` }, '10.0.1.1')).statusCode).toBe(401);
    }
    const locked = await login(t, { username: TEST_ADMIN.username, password: TEST_ADMIN.password }, '10.0.1.2');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Trop de tentatives. Réessayez dans 15 minutes.');
    const [row] = await t.db.select().from(staffUsers).where(eq(staffUsers.username, TEST_ADMIN.username));
    const minutes = (row!.lockedUntil!.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);

    // Fifteen minutes later (moved back in time), the right password works and clears the count.
    await t.db.update(staffUsers).set({ lockedUntil: new Date(Date.now() - 1000) }).where(eq(staffUsers.id, row!.id));
    expect((await login(t, { username: TEST_ADMIN.username, password: TEST_ADMIN.password }, '10.0.1.3')).statusCode).toBe(200);
    const [after] = await t.db.select().from(staffUsers).where(eq(staffUsers.id, row!.id));
    expect(after).toMatchObject({ failedLogins: 0, lockedUntil: null });
  });

  it('counts afresh after a lock has expired', async () => {
    const [row] = await t.db.select().from(staffUsers).where(eq(staffUsers.username, TEST_ADMIN.username));
    await t.db.update(staffUsers).set({ failedLogins: 5, lockedUntil: new Date(Date.now() - 1000) }).where(eq(staffUsers.id, row!.id));
    expect((await login(t, { username: TEST_ADMIN.username, password: 'encore-faux' }, '10.0.1.4')).statusCode).toBe(401);
    const [after] = await t.db.select().from(staffUsers).where(eq(staffUsers.id, row!.id));
    expect(after).toMatchObject({ failedLogins: 1, lockedUntil: null });
    await t.db.update(staffUsers).set({ failedLogins: 0 }).where(eq(staffUsers.id, row!.id));
  });

  it('limits sign-in attempts per IP address (429 in French)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await login(t, { username: `inconnu${i}`, password: 'x' }, '10.0.2.1')).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    const limited = await login(t, { username: TEST_ADMIN.username, password: TEST_ADMIN.password }, '10.0.2.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Trop de tentatives. Patientez un instant puis réessayez.');
    // Another address is not affected.
    expect((await login(t, { username: TEST_ADMIN.username, password: TEST_ADMIN.password }, '10.0.2.2')).statusCode).toBe(200);
  });

  it('ends the session on logout and clears the cookie', async () => {
    const staff = await staffLogin(t);
    const out = await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: staff });
    expect(out.statusCode).toBe(200);
    const cleared = out.cookies.find((c) => c.name === 'rfs_staff')!;
    expect(cleared.value).toBe('');
    const again = await t.app.inject({ method: 'GET', url: '/api/admin/session', headers: staff });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe('Session expirée, veuillez vous reconnecter.');
  });

  it('refuses an expired session', async () => {
    const staff = await staffLogin(t);
    const token = staff.cookie.split('=')[1]!;
    await t.db.update(staffSessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(staffSessions.idHash, hashSessionToken(token)));
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/session', headers: staff })).statusCode).toBe(401);
  });
});

describe('[ADMIN][UNLOCK] the secret code unlocks the download tab for one session', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => t.close());

  const unlock = (staff: Record<string, string>, code: unknown, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/admin/unlock', headers: staff, payload: { code }, remoteAddress });

  it('refuses a wrong code with 403 BAD_CODE and keeps the session locked', async () => {
    const staff = await staffLogin(t);
    const res = await unlock(staff, 'code-secret-43');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Le code secret saisi est invalide', code: 'BAD_CODE' });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/session', headers: staff })).json().unlocked).toBe(false);
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
    expect(res.json()).toEqual({ username: TEST_ADMIN.username, unlocked: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/session', headers: staff })).json().unlocked).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/session', headers: other })).json().unlocked).toBe(false);
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
  beforeAll(async () => { t = await createTestApp({ PUBLIC_URL: 'https://support.exemple.fr' }); });
  afterAll(async () => t.close());

  it('marks the session cookie Secure', async () => {
    const res = await login(t, { username: TEST_ADMIN.username, password: TEST_ADMIN.password });
    expect(res.cookies.find((c) => c.name === 'rfs_staff')).toMatchObject({ secure: true, httpOnly: true });
  });
});

describe('[ADMIN][UNLOCK] without ADMIN_SECRET_CODE', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ ADMIN_SECRET_CODE: '' }); });
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
