import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, staffRecoveryCodes } from '#server/db/schema.ts';
import { TEST_ADMIN } from '#server/test/harness.ts';
import { staffLogin } from '#server/test/fixtures.ts';
import { codeAt, twoFactorTestApp } from './two-factor-fixtures.ts';

describe('[ADMIN][TWO_FACTOR] TOTP sign-in, recovery codes, the admin policy', () => {
  const { t, sessionOf, member, enrol, passwordStep, codeStep } = twoFactorTestApp();

  it('opens the download tab without the secret code for a session opened with a factor enrolled from an unlocked session', async () => {
    const m = await member('emma', 'admin');
    const passwordOnly = await staffLogin(t, m);
    const locked = await t.app.inject({
      method: 'POST',
      url: '/api/admin/download-site',
      headers: { ...passwordOnly, 'content-type': 'application/json' },
    });
    expect(locked.statusCode).toBe(403);
    const unlock = await t.app.inject({
      method: 'POST',
      url: '/api/admin/unlock',
      headers: passwordOnly,
      payload: { code: TEST_ADMIN.secretCode },
    });
    expect(unlock.statusCode).toBe(200);

    const { secret } = await enrol(passwordOnly, m.password);
    const { challenge } = (await passwordStep(m.username, m.password)).json();
    const signedIn = await codeStep(challenge, codeAt(secret, 1));
    expect(signedIn.json()).toMatchObject({ role: 'admin', unlocked: true });
    const headers = sessionOf(signedIn)!;
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/session', headers })).json().unlocked).toBe(true);
    const download = await t.app.inject({
      method: 'POST',
      url: '/api/admin/download-site',
      headers: { ...headers, 'content-type': 'application/json' },
    });
    expect(download.statusCode, download.body).toBe(200);
  });

  it('an admin requires it for everyone: sessions without it end at once, a member enrols at sign-in before any session; audited', async () => {
    const admin = await staffLogin(t);
    const m = await member('fanny');
    const before = await staffLogin(t, m);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/interventions', headers: before })).statusCode).toBe(
      200,
    );
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/security',
      headers: admin,
      payload: { requireTwoFactor: true },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/security', headers: admin })).json()).toEqual({
      requireTwoFactor: true,
    });
    // The member's password-only session is over; the admin who decided keeps theirs.
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/interventions', headers: before })).statusCode).toBe(
      401,
    );
    const [setting] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'settings.require_two_factor'));
    expect(setting).toMatchObject({
      staffUsername: TEST_ADMIN.username,
      before: { requireTwoFactor: false },
      after: { requireTwoFactor: true, sessionsEnded: expect.any(Number) },
    });
    expect((setting!.after as { sessionsEnded: number }).sessionsEnded).toBeGreaterThanOrEqual(1);

    const first = await passwordStep(m.username, m.password);
    expect(first.json()).toEqual({ step: 'enrol', challenge: expect.any(String) });
    expect(sessionOf(first)).toBeNull();
    const { challenge } = first.json();
    // The enrolment challenge is not a code step.
    expect((await codeStep(challenge, '123456')).statusCode).toBe(401);
    const setup = await t.app.inject({ method: 'POST', url: '/api/admin/login/enrol', payload: { challenge } });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json();
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login/enrol/confirm',
      payload: { challenge, code: codeAt(secret, 3) },
    });
    expect(bad.statusCode).toBe(400);
    expect(sessionOf(bad)).toBeNull();
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login/enrol/confirm',
      payload: { challenge, code: codeAt(secret) },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      session: { username: 'fanny', role: 'technicien', unlocked: false },
      recoveryCodes: expect.any(Array),
    });
    const headers = sessionOf(done)!;
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/interventions', headers })).statusCode).toBe(200);

    // Required: nobody turns it off for themself.
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/admin/me/two-factor/disable',
      headers,
      payload: { code: codeAt(secret, 1) },
    });
    expect(off.statusCode).toBe(409);

    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/security',
      headers: admin,
      payload: { requireTwoFactor: false },
    });
  });

  it("an admin resets a member's second factor: their sessions end, the next sign-in asks no code; audited", async () => {
    const admin = await staffLogin(t);
    const m = await member('gaspard');
    const own = await staffLogin(t, m);
    await enrol(own, m.password);
    expect((await passwordStep(m.username, m.password)).json().step).toBe('code');

    const technician = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/team/${m.id}/two-factor`,
      headers: own,
    });
    expect(technician.statusCode).toBe(403);
    const reset = await t.app.inject({ method: 'DELETE', url: `/api/admin/team/${m.id}/two-factor`, headers: admin });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/session', headers: own })).statusCode).toBe(401);
    const [trace] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'staff.two_factor_reset'));
    expect(trace).toMatchObject({
      staffUsername: TEST_ADMIN.username,
      entityId: String(m.id),
      before: { twoFactor: true },
      after: { twoFactor: false },
    });
    expect(await t.db.$count(staffRecoveryCodes, eq(staffRecoveryCodes.staffId, m.id))).toBe(0);

    const again = await passwordStep(m.username, m.password);
    expect(again.json()).toEqual({ id: expect.any(Number), username: 'gaspard', role: 'technicien', unlocked: false });
    const team = await t.app.inject({ method: 'GET', url: '/api/admin/team', headers: admin });
    expect(team.json().find((x: { username: string }) => x.username === 'gaspard').twoFactor).toBe(false);
  });
});
