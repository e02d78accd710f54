import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { staffUsers } from '#server/db/schema.ts';
import { staffLogin } from '#server/test/fixtures.ts';
import { codeAt, twoFactorTestApp } from './two-factor-fixtures.ts';

// A sign-in half-way (the password given, the code not yet) is a session to be: whatever ends a member's sessions
// ends it too. Otherwise a thief holding the password could fetch one, wait for the member's password to be reset,
// and still sign in, or enrol their own phone where two-factor sign-in is required.
describe('[ADMIN][2FA] a sign-in under way ends with the member’s sessions', () => {
  const { t, sessionOf, member, enrol, passwordStep, codeStep } = twoFactorTestApp();

  const challengeOf = async (username: string, password: string) =>
    (await passwordStep(username, password)).json<{ step: string; challenge: string }>();

  it('refuses an enrolment begun before an admin reset the password, and opens no session', async () => {
    const admin = await staffLogin(t);
    const tech = await member('reset.enrol');
    await t.db.update(staffUsers).set({ email: 'reset.enrol@exemple.fr' }).where(eq(staffUsers.id, tech.id));
    const policy = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/security',
      headers: admin,
      payload: { requireTwoFactor: true },
    });
    expect(policy.statusCode, policy.body).toBe(200);
    const step = await challengeOf(tech.username, tech.password);
    expect(step.step).toBe('enrol');

    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/admin/team/${tech.id}/password-link`,
      headers: admin,
    });
    expect(reset.statusCode, reset.body).toBe(200);

    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login/enrol',
      payload: { challenge: step.challenge },
    });
    expect(setup.statusCode).toBe(401);
    expect(setup.json().code).toBe('CHALLENGE_EXPIRED');
    const [row] = await t.db.select().from(staffUsers).where(eq(staffUsers.id, tech.id));
    expect(row!.totpPendingSecret).toBeNull();
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/security',
      headers: admin,
      payload: { requireTwoFactor: false },
    });
    expect(off.statusCode, off.body).toBe(200);
  });

  it('refuses the code step after « Fermer ses sessions » and after the member changed their password', async () => {
    const admin = await staffLogin(t);
    const tech = await member('code.fin');
    const own = sessionOf(await passwordStep(tech.username, tech.password))!;
    const { secret, recoveryCodes } = await enrol(own, tech.password);

    // Someone else has the password, and a recovery code, and is at the code step when an admin ends the sessions.
    const first = await challengeOf(tech.username, tech.password);
    expect(first.step).toBe('code');
    const ended = await t.app.inject({ method: 'DELETE', url: `/api/admin/team/${tech.id}/sessions`, headers: admin });
    expect(ended.statusCode, ended.body).toBe(200);
    const late = await codeStep(first.challenge, recoveryCodes[0]!);
    expect(late.statusCode).toBe(401);
    expect(sessionOf(late)).toBeNull();

    // The member signs in again, then changes their password while that someone is at the code step once more.
    const again = await challengeOf(tech.username, tech.password);
    const signedIn = await codeStep(again.challenge, codeAt(secret, 1));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const theirs = sessionOf(signedIn)!;
    const stolen = await challengeOf(tech.username, tech.password);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/admin/me/password',
      headers: theirs,
      payload: { currentPassword: tech.password, newPassword: 'Un-tout-nouveau-secret-2026' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const refused = await codeStep(stolen.challenge, recoveryCodes[1]!);
    expect(refused.statusCode).toBe(401);
    expect(sessionOf(refused)).toBeNull();
    // The member's own session stays.
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/session', headers: theirs })).statusCode).toBe(200);
  });
});
