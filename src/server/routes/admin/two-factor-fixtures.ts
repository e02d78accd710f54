import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, expect } from 'vitest';
import { staffUsers } from '#server/db/schema.ts';
import { sessionCookieName, STAFF_COOKIE } from '#server/plugins/auth.ts';
import { hashPassword } from '#server/services/security/passwords.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { cookieHeader } from '#server/test/fixtures.ts';

/** The code an authenticator app shows, `steps` periods of 30 s from now. */
export const codeAt = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

/** An app for the two-factor tests, and the steps they take: a new member, enrolment, each step of signing in. */
export function twoFactorTestApp() {
  const t = {} as TestApp;
  const cookieName = () => sessionCookieName(t.config, STAFF_COOKIE);
  const sessionOf = (res: { cookies: Array<{ name: string; value: string }> }) => {
    const cookie = res.cookies.find((c) => c.name === cookieName());
    return cookie ? cookieHeader(cookieName(), cookie.value) : null;
  };

  async function member(username: string, role: 'admin' | 'technicien' = 'technicien') {
    const password = `motdepasse-${username}`;
    const [row] = await t.db
      .insert(staffUsers)
      .values({ username, role, passwordHash: await hashPassword(password) })
      .returning();
    return { id: row!.id, username, password };
  }

  /** Enrols from « Mon compte »: password, secret, first code; returns the secret and the recovery codes. */
  async function enrol(headers: Record<string, string>, password: string) {
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/admin/me/two-factor/setup',
      headers,
      payload: { password },
    });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret, qrCode, otpauthUrl } = setup.json<{ secret: string; qrCode: string; otpauthUrl: string }>();
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/admin/me/two-factor/confirm',
      headers,
      payload: { code: codeAt(secret) },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    return { secret, recoveryCodes: confirm.json<{ recoveryCodes: string[] }>().recoveryCodes };
  }

  async function passwordStep(username: string, password: string) {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { username, password } });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  }

  const codeStep = (challenge: string, code: string) =>
    t.app.inject({ method: 'POST', url: '/api/admin/login/code', payload: { challenge, code } });

  beforeAll(async () => {
    Object.assign(t, await createTestApp());
  });
  afterAll(async () => t.close());

  return { t, sessionOf, member, enrol, passwordStep, codeStep };
}
