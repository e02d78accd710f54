// A password alone must not open the download tab by enrolling a phone of its own (docs/decisions/009).
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, staffUsers } from '#server/db/schema.ts';
import { sessionCookieName, STAFF_COOKIE } from '#server/plugins/auth.ts';
import { cookieHeader, staffLogin } from '#server/test/fixtures.ts';
import { hashPassword } from '#server/services/security/passwords.ts';
import { createTestApp, TEST_ADMIN, type TestApp } from '#server/test/harness.ts';

/** What an authenticator app shows, `steps` periods of 30 s from now. */
const codeAt = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

describe('[SECURITY][SECOND FACTOR] enrolling a phone is no way around the secret code', () => {
  let t: TestApp;
  let ownerAdmin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    ownerAdmin = await staffLogin(t);
  });
  afterAll(async () => t.close());

  const json = { 'content-type': 'application/json' };
  const inject = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    headers: Record<string, string> = {},
    payload?: object,
  ) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const sessionOf = (res: { cookies: Array<{ name: string; value: string }> }) => {
    const name = sessionCookieName(t.config, STAFF_COOKIE);
    const cookie = res.cookies.find((c) => c.name === name);
    expect(cookie).toBeDefined();
    return cookieHeader(name, cookie!.value);
  };
  const download = (headers: Record<string, string>) =>
    inject('POST', '/api/admin/download-site', { ...headers, ...json });
  const isSignedIn = async (headers: Record<string, string>) =>
    (await inject('GET', '/api/admin/session', headers)).statusCode === 200;

  async function admin(username: string) {
    const password = `motdepasse-${username}-2026`;
    const [row] = await t.db
      .insert(staffUsers)
      .values({ username, role: 'admin', passwordHash: await hashPassword(password) })
      .returning();
    return { id: row!.id, username, password };
  }

  /**
   * « Mon compte » › activer: password again, then the first code. The enrolment spends this period's code and only
   * one period of drift is accepted, so a test signs in once with the next code, then with recovery codes.
   */
  async function enrolFrom(headers: Record<string, string>, password: string) {
    const setup = await inject('POST', '/api/admin/me/two-factor/setup', headers, { password });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json<{ secret: string }>();
    const confirm = await inject('POST', '/api/admin/me/two-factor/confirm', headers, { code: codeAt(secret) });
    expect(confirm.statusCode, confirm.body).toBe(200);
    return { secret, recoveryCodes: confirm.json<{ recoveryCodes: string[] }>().recoveryCodes };
  }

  async function signInWithCode(username: string, password: string, code: string) {
    const first = await inject('POST', '/api/admin/login', {}, { username, password });
    expect(first.json().step).toBe('code');
    const res = await inject('POST', '/api/admin/login/code', {}, { challenge: first.json().challenge, code });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  }

  it('a thief with the password enrols their own phone from « Mon compte »: their sessions stay locked, and the owner is signed out', async () => {
    const victim = await admin('victor');
    const ownerSession = await staffLogin(t, victim);
    const thiefSession = await staffLogin(t, victim);

    const { secret, recoveryCodes } = await enrolFrom(thiefSession, victim.password);
    // Enrolling ends the account's other sessions: the owner notices at once.
    expect(await isSignedIn(ownerSession)).toBe(false);
    expect(await isSignedIn(thiefSession)).toBe(true);
    const [trace] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'staff.two_factor.enabled'));
    expect(trace!.after).toMatchObject({ twoFactor: true, opensDownload: false, sessionsEnded: 1 });

    const signedIn = await signInWithCode(victim.username, victim.password, codeAt(secret, 1));
    expect(signedIn.json()).toEqual({ id: expect.any(Number), username: 'victor', role: 'admin', unlocked: false });
    const headers = sessionOf(signedIn);
    expect((await inject('GET', '/api/admin/session', headers)).json().unlocked).toBe(false);
    expect((await download(headers)).statusCode).toBe(403);
    expect((await inject('GET', '/api/admin/me/two-factor', headers)).json()).toMatchObject({
      opensDownload: false,
      sessionSecondFactor: true,
    });
    // A wrong secret code changes nothing: the next session with the phone is still locked.
    expect((await inject('POST', '/api/admin/unlock', headers, { code: 'pas-le-code' })).statusCode).toBe(403);
    const again = await signInWithCode(victim.username, victim.password, recoveryCodes[0]!);
    expect(again.json().unlocked).toBe(false);
  });

  it('with « 2FA obligatoire », the enrolment at the first sign-in opens a locked session too', async () => {
    const victim = await admin('wanda');
    expect((await inject('PUT', '/api/admin/security', ownerAdmin, { requireTwoFactor: true })).statusCode).toBe(200);
    try {
      const first = await inject(
        'POST',
        '/api/admin/login',
        {},
        { username: victim.username, password: victim.password },
      );
      expect(first.json().step).toBe('enrol');
      const { challenge } = first.json();
      const setup = await inject('POST', '/api/admin/login/enrol', {}, { challenge });
      const { secret } = setup.json();
      const done = await inject('POST', '/api/admin/login/enrol/confirm', {}, { challenge, code: codeAt(secret) });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().session).toEqual({
        id: expect.any(Number),
        username: 'wanda',
        role: 'admin',
        unlocked: false,
      });
      const headers = sessionOf(done);
      expect((await download(headers)).statusCode).toBe(403);
      const later = await signInWithCode(victim.username, victim.password, codeAt(secret, 1));
      expect(later.json().unlocked).toBe(false);
      expect((await download(sessionOf(later))).statusCode).toBe(403);
    } finally {
      await inject('PUT', '/api/admin/security', ownerAdmin, { requireTwoFactor: false });
    }
  });

  it('the owner who knows the secret code types it once in a session opened with the phone; from then on the phone alone opens the tab', async () => {
    const owner = await admin('xavier');
    const { secret, recoveryCodes } = await enrolFrom(await staffLogin(t, owner), owner.password);
    const first = sessionOf(await signInWithCode(owner.username, owner.password, codeAt(secret, 1)));
    const unlock = await inject('POST', '/api/admin/unlock', first, { code: TEST_ADMIN.secretCode });
    expect(unlock.statusCode, unlock.body).toBe(200);
    expect((await download(first)).statusCode).toBe(200);
    const [trace] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'staff.two_factor.opens_download'));
    expect(trace).toMatchObject({ staffUsername: 'xavier', entityId: String(owner.id) });

    const next = await signInWithCode(owner.username, owner.password, recoveryCodes[0]!);
    expect(next.json()).toEqual({ id: expect.any(Number), username: 'xavier', role: 'admin', unlocked: true });
    expect((await download(sessionOf(next))).statusCode).toBe(200);
  });

  it('a phone enrolled from a session already unlocked by the secret code opens the tab at the next sign-in', async () => {
    const owner = await admin('yvonne');
    const unlockedSession = await staffLogin(t, owner);
    expect(
      (await inject('POST', '/api/admin/unlock', unlockedSession, { code: TEST_ADMIN.secretCode })).statusCode,
    ).toBe(200);
    const { secret } = await enrolFrom(unlockedSession, owner.password);
    expect((await inject('GET', '/api/admin/me/two-factor', unlockedSession)).json().opensDownload).toBe(true);
    const signedIn = await signInWithCode(owner.username, owner.password, codeAt(secret, 1));
    expect(signedIn.json()).toEqual({ id: expect.any(Number), username: 'yvonne', role: 'admin', unlocked: true });
    expect((await download(sessionOf(signedIn))).statusCode).toBe(200);
  });

  it("turning the second factor off ends the account's other sessions", async () => {
    const owner = await admin('zoe');
    const elsewhere = await staffLogin(t, owner);
    const { secret, recoveryCodes } = await enrolFrom(await staffLogin(t, owner), owner.password);
    expect(await isSignedIn(elsewhere)).toBe(false);
    const here = sessionOf(await signInWithCode(owner.username, owner.password, recoveryCodes[0]!));
    const there = sessionOf(await signInWithCode(owner.username, owner.password, recoveryCodes[1]!));
    const off = await inject('POST', '/api/admin/me/two-factor/disable', here, { code: codeAt(secret, 1) });
    expect(off.statusCode, off.body).toBe(200);
    expect(await isSignedIn(here)).toBe(true);
    expect(await isSignedIn(there)).toBe(false);
  });
});
