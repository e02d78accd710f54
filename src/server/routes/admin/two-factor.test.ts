import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, staffRecoveryCodes, staffSessions, staffUsers } from '#server/db/schema.ts';
import { SECOND_FACTOR_REFUSED } from '#shared/staff/two-factor.ts';
import { staffLogin } from '#server/test/fixtures.ts';
import { codeAt, twoFactorTestApp } from './two-factor-fixtures.ts';

describe('[ADMIN][TWO_FACTOR] TOTP sign-in, recovery codes, the admin policy', () => {
  const { t, sessionOf, member, enrol, passwordStep, codeStep } = twoFactorTestApp();

  it('enrols with a computed code; the secret is stored sealed, never in base32; 10 recovery codes stored hashed', async () => {
    const m = await member('alice');
    const headers = await staffLogin(t, m);
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/admin/me/two-factor/setup',
      headers,
      payload: { password: 'faux-mot-de-passe' },
    });
    expect(setup.statusCode).toBe(400);
    expect(setup.json().fieldErrors.password).toEqual(['Mot de passe incorrect']);

    const { secret, recoveryCodes } = await enrol(headers, m.password);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const [row] = await t.db.select().from(staffUsers).where(eq(staffUsers.id, m.id));
    expect(row!.totpSecret).toBeTruthy();
    expect(row!.totpSecret).not.toContain(secret);
    expect(row!.totpSecret!.startsWith('v1.')).toBe(true);
    expect(row!.totpPendingSecret).toBeNull();
    const hashes = await t.db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, m.id));
    expect(hashes).toHaveLength(10);
    for (const code of recoveryCodes) expect(JSON.stringify(hashes)).not.toContain(code.replace(/-/g, ''));

    const status = await t.app.inject({ method: 'GET', url: '/api/admin/me/two-factor', headers });
    expect(status.json()).toMatchObject({
      enabled: true,
      recoveryCodesLeft: 10,
      required: false,
      opensDownload: false,
      sessionSecondFactor: false,
    });
    const [trace] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'staff.two_factor.enabled'));
    expect(trace).toMatchObject({ staffUsername: 'alice', entityId: String(m.id) });
  });

  it('signs in with password then code; the session exists only after the code; a replayed code and a code two steps off are refused', async () => {
    const m = await member('bruno');
    const { secret } = await enrol(await staffLogin(t, m), m.password);

    const first = await passwordStep(m.username, m.password);
    expect(first.json()).toEqual({ step: 'code', challenge: expect.any(String) });
    expect(sessionOf(first)).toBeNull();
    const sessionsBefore = await t.db.$count(staffSessions, eq(staffSessions.staffId, m.id));

    const wrong = await codeStep(first.json().challenge, codeAt(secret, -2));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(SECOND_FACTOR_REFUSED);
    expect(await t.db.$count(staffSessions, eq(staffSessions.staffId, m.id))).toBe(sessionsBefore);

    // The next step's code (the enrolment used this one): within one step of drift.
    const code = codeAt(secret, 1);
    const ok = await codeStep(first.json().challenge, code);
    expect(ok.statusCode, ok.body).toBe(200);
    // Enrolled from a session the secret code had not unlocked: the factor does not open the download tab.
    expect(ok.json()).toEqual({ id: expect.any(Number), username: 'bruno', role: 'technicien', unlocked: false });
    const headers = sessionOf(ok)!;
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/me/two-factor', headers })).json().sessionSecondFactor,
    ).toBe(true);

    // The challenge is spent, and the same code on a new challenge is a replay.
    expect((await codeStep(first.json().challenge, code)).statusCode).toBe(401);
    const again = await passwordStep(m.username, m.password);
    const replay = await codeStep(again.json().challenge, code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(SECOND_FACTOR_REFUSED);

    const [login] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'staff.login')).orderBy(auditLog.id);
    expect(login).toBeDefined();
    const failures = await t.db.$count(auditLog, eq(auditLog.action, 'staff.login_code_failed'));
    expect(failures).toBeGreaterThanOrEqual(2);
  });

  it('accepts a recovery code once, in any case and with or without dashes', async () => {
    const m = await member('chloe');
    const { recoveryCodes } = await enrol(await staffLogin(t, m), m.password);
    const code = recoveryCodes[3]!;

    const first = await passwordStep(m.username, m.password);
    const ok = await codeStep(first.json().challenge, ` ${code.replace(/-/g, '').toUpperCase()} `);
    expect(ok.statusCode, ok.body).toBe(200);
    const [trace] = await t.db.select().from(auditLog).where(eq(auditLog.staffUsername, 'chloe')).orderBy(auditLog.id);
    expect(trace).toBeDefined();

    const second = await passwordStep(m.username, m.password);
    const reused = await codeStep(second.json().challenge, code);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toBe(SECOND_FACTOR_REFUSED);
    const status = await t.app.inject({ method: 'GET', url: '/api/admin/me/two-factor', headers: sessionOf(ok)! });
    expect(status.json().recoveryCodesLeft).toBe(9);
  });

  it('throttles the code step like the password, and says the same to an unknown challenge', async () => {
    const m = await member('damien');
    const { secret } = await enrol(await staffLogin(t, m), m.password);
    const unknown = await codeStep('x'.repeat(43), '123456');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(SECOND_FACTOR_REFUSED);

    const { challenge } = (await passwordStep(m.username, m.password)).json();
    let status = 401;
    let attempts = 0;
    while (status === 401 && attempts < 10) {
      attempts += 1;
      // A fresh challenge each time: one challenge dies after 5 wrong codes anyway.
      const next = attempts === 1 ? challenge : (await passwordStep(m.username, m.password)).json().challenge;
      status = (await codeStep(next, '000000')).statusCode;
    }
    expect(status).toBe(429);
    // Even the right code waits now.
    const blocked = await codeStep((await passwordStep(m.username, m.password)).json().challenge, codeAt(secret, 1));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });

  it('a member renews their recovery codes with a current code; the old ones stop working', async () => {
    const m = await member('hugo');
    const headers = await staffLogin(t, m);
    const { secret, recoveryCodes } = await enrol(headers, m.password);
    const renewed = await t.app.inject({
      method: 'POST',
      url: '/api/admin/me/two-factor/recovery-codes',
      headers,
      payload: { code: codeAt(secret, 1) },
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json().recoveryCodes).toHaveLength(10);
    const { challenge } = (await passwordStep(m.username, m.password)).json();
    expect((await codeStep(challenge, recoveryCodes[0]!)).statusCode).toBe(401);
    expect((await codeStep(challenge, renewed.json().recoveryCodes[0])).statusCode).toBe(200);
  });

  it('a member turns it off with a current code from the app, not with a wrong one', async () => {
    const m = await member('ines');
    const headers = await staffLogin(t, m);
    const { secret } = await enrol(headers, m.password);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/admin/me/two-factor/disable',
      headers,
      payload: { code: '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/admin/me/two-factor/disable',
      headers,
      payload: { code: codeAt(secret, 1) },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().enabled).toBe(false);
    expect((await passwordStep(m.username, m.password)).json()).toMatchObject({ username: 'ines', unlocked: false });
    expect(await t.db.$count(auditLog, eq(auditLog.action, 'staff.two_factor.disabled'))).toBe(1);
  });
});
