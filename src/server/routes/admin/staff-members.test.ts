import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffMemberDto } from '#shared/staff/staff-members.ts';
import type { AuditEntryDto } from '#shared/security/audit-api.ts';
import { auditLog, staffUsers } from '#server/db/schema.ts';
import { createTestApp, TEST_ADMIN, type TestApp } from '#server/test/harness.ts';
import { STAFF_LINK_INVALID } from '#shared/staff/staff-members.ts';
import { LAST_ADMIN } from '#server/services/staff/staff-accounts.ts';
import { staffLogin } from '#server/test/fixtures.ts';

describe('[ADMIN][TEAM] staff accounts managed in the back-office', () => {
  let t: TestApp;
  let admin: Record<string, string>;

  /** The link of the latest e-mail sent to that address, as the member would click it. */
  async function linkSentTo(address: string): Promise<string> {
    await t.drain();
    const mail = t.mailer.sent.filter((m) => m.to === address).at(-1);
    expect(mail, `an e-mail to ${address}`).toBeDefined();
    const token = /\/admin\/set-password\?token=([A-Za-z0-9_-]+)/.exec(mail!.text ?? '')?.[1];
    expect(token).toBeDefined();
    return token!;
  }
  const setPassword = (token: string, newPassword: string) =>
    t.app.inject({ method: 'POST', url: '/api/admin/set-password', payload: { token, newPassword } });
  const team = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/team', headers: admin })).json<StaffMemberDto[]>();

  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffLogin(t);
  });
  afterAll(async () => t.close());

  it('creates a technician who chooses a password from the e-mailed link (once) and signs in as a technician', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/team',
      headers: admin,
      payload: { username: 'Lucie.Tech', email: 'lucie@exemple.fr', role: 'technicien' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<StaffMemberDto>()).toMatchObject({
      username: 'lucie.tech',
      role: 'technicien',
      disabled: false,
    });
    // Nobody knows a password yet: not even an empty one opens the account.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/login',
          payload: { username: 'lucie.tech', password: 'x' },
        })
      ).statusCode,
    ).toBe(401);

    const token = await linkSentTo('lucie@exemple.fr');
    const weak = await setPassword(token, 'lucie.tech-2026!');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fieldErrors.newPassword[0]).toContain('identifiant');
    expect((await setPassword(token, 'cheval-agrafe-batterie')).statusCode).toBe(200);
    const again = await setPassword(token, 'un-autre-mot-de-passe');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(STAFF_LINK_INVALID);

    const lucie = await staffLogin(t, { username: 'lucie.tech', password: 'cheval-agrafe-batterie' });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/session', headers: lucie })).json()).toEqual({
      id: expect.any(Number),
      username: 'lucie.tech',
      role: 'technicien',
      unlocked: false,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/team', headers: lucie })).statusCode).toBe(403);
  });

  it('refuses a taken username under the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/team',
      headers: admin,
      payload: { username: 'lucie.tech', email: 'autre@exemple.fr', role: 'admin' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().fieldErrors.username).toEqual(['Cet identifiant est déjà pris']);
  });

  it('refuses a first name a person cannot type (NUL, a direction override), in French, and stores nothing', async () => {
    const before = (await team()).length;
    for (const firstName of ['Ju\u0000lien', 'Ju\u202Elien']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/team',
        headers: admin,
        payload: { username: 'nul.tech', email: 'nul.tech@exemple.fr', role: 'technicien', firstName },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fieldErrors.firstName).toEqual(['Ce champ contient des caractères non autorisés']);
    }
    expect(await team()).toHaveLength(before);
  });

  it('disabling a member ends their sessions at once and refuses their sign-in; re-enabling lets them back', async () => {
    const lucie = await staffLogin(t, { username: 'lucie.tech', password: 'cheval-agrafe-batterie' });
    const id = (await team()).find((m) => m.username === 'lucie.tech')!.id;
    expect((await team()).find((m) => m.id === id)!.openSessions).toBeGreaterThan(0);

    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/team/${id}`,
      headers: admin,
      payload: { disabled: true },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json<StaffMemberDto>()).toMatchObject({ disabled: true, openSessions: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/interventions', headers: lucie })).statusCode).toBe(
      401,
    );
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'lucie.tech', password: 'cheval-agrafe-batterie' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('désactivé');

    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/admin/team/${id}`,
          headers: admin,
          payload: { disabled: false },
        })
      ).statusCode,
    ).toBe(200);
    await staffLogin(t, { username: 'lucie.tech', password: 'cheval-agrafe-batterie' });

    const log = (
      await t.app.inject({ method: 'GET', url: `/api/admin/audit?entity=staff&entityId=${id}`, headers: admin })
    ).json<AuditEntryDto[]>();
    expect(log.map((e) => e.action)).toEqual(
      expect.arrayContaining(['staff.create', 'staff.disable', 'staff.enable', 'staff.login', 'staff.login_refused']),
    );
    expect(log.find((e) => e.action === 'staff.disable')).toMatchObject({
      staffUsername: TEST_ADMIN.username,
      before: { disabled: false },
      after: { disabled: true },
    });
  });

  it('never lets the last active admin be demoted or disabled, even by themself', async () => {
    const me = (await team()).find((m) => m.username === TEST_ADMIN.username)!;
    for (const payload of [{ role: 'technicien' }, { disabled: true }]) {
      const res = await t.app.inject({ method: 'PATCH', url: `/api/admin/team/${me.id}`, headers: admin, payload });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(LAST_ADMIN);
    }
    // With a second admin, the first may step down.
    const lucie = (await team()).find((m) => m.username === 'lucie.tech')!;
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/admin/team/${lucie.id}`,
          headers: admin,
          payload: { role: 'admin' },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/admin/team/${lucie.id}`,
          headers: admin,
          payload: { role: 'technicien' },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('a new link from an admin retires the old password and sessions; a member changes their own password with the current one', async () => {
    const lucie = (await team()).find((m) => m.username === 'lucie.tech')!;
    const session = await staffLogin(t, { username: 'lucie.tech', password: 'cheval-agrafe-batterie' });
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/admin/team/${lucie.id}/password-link`, headers: admin }))
        .statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/session', headers: session })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/login',
          payload: { username: 'lucie.tech', password: 'cheval-agrafe-batterie' },
        })
      ).statusCode,
    ).toBe(401);
    expect((await setPassword(await linkSentTo('lucie@exemple.fr'), 'deuxieme-choix-solide')).statusCode).toBe(200);

    const here = await staffLogin(t, { username: 'lucie.tech', password: 'deuxieme-choix-solide' });
    const there = await staffLogin(t, { username: 'lucie.tech', password: 'deuxieme-choix-solide' });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/admin/me/password',
      headers: here,
      payload: { currentPassword: 'pas-le-bon', newPassword: 'troisieme-choix-solide' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors.currentPassword).toEqual(['Le mot de passe actuel est incorrect']);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/admin/me/password',
      headers: here,
      payload: { currentPassword: 'deuxieme-choix-solide', newPassword: 'troisieme-choix-solide' },
    });
    expect(ok.json()).toEqual({ ended: 1 });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/session', headers: here })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/session', headers: there })).statusCode).toBe(401);
  });

  it('lists the audit log with filters and the total in X-Total-Count', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit?action=staff&staffUsername=${TEST_ADMIN.username}&limit=2`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<AuditEntryDto[]>()).toHaveLength(2);
    expect(Number(res.headers['x-total-count'])).toBeGreaterThan(4);
    for (const entry of res.json<AuditEntryDto[]>()) expect(entry.action).toMatch(/^staff\./);
    // The filter is a family of actions, read as written: « % » or « st_ff » is no pattern that matches them all.
    for (const action of ['%25', 'st_ff'])
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/admin/audit?action=${action}`, headers: admin })).json(),
      ).toEqual([]);
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      remoteAddress: '198.51.100.7',
      payload: { username: 'inconnu', password: 'essai-au-hasard' },
    });
    expect(failed.statusCode).toBe(401);
    const [trace] = (
      await t.app.inject({ method: 'GET', url: '/api/admin/audit?action=staff.login_failed', headers: admin })
    ).json<AuditEntryDto[]>();
    expect(trace).toMatchObject({
      staffUsername: '(identifiant inconnu)',
      entity: 'staff',
      entityId: 'inconnu',
      address: '198.51.100.7',
    });
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/audit?from=2025-02-30', headers: admin });
    expect(bad.statusCode).toBe(400);
    for (const filter of ['entity', 'entityId', 'staffUsername', 'action']) {
      const nul = await t.app.inject({ method: 'GET', url: `/api/admin/audit?${filter}=a%00b`, headers: admin });
      expect(nul.statusCode, filter).toBe(400);
      expect(nul.json().message).toBe(`Paramètre ${filter} invalide`);
    }
  });

  it("never writes down what was typed as the username of a failed sign-in; a known account's failure is traced to it", async () => {
    // A password typed in the username box, then a wrong password on an existing account.
    const typed = 'Mon-Vrai-Mot-De-Passe-2026!';
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/login',
          remoteAddress: '198.51.100.8',
          payload: { username: typed, password: 'x' },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/login',
          remoteAddress: '198.51.100.8',
          payload: { username: TEST_ADMIN.username, password: 'pas-le-bon' },
        })
      ).statusCode,
    ).toBe(401);
    const rows = await t.db.select().from(auditLog);
    expect(JSON.stringify(rows).toLowerCase()).not.toContain(typed.toLowerCase());
    const entries = (
      await t.app.inject({ method: 'GET', url: '/api/admin/audit?action=staff.login_failed', headers: admin })
    ).json<AuditEntryDto[]>();
    const [own] = await t.db.select().from(staffUsers).where(eq(staffUsers.username, TEST_ADMIN.username));
    expect(entries[0]).toMatchObject({
      staffUsername: TEST_ADMIN.username,
      entityId: String(own!.id),
      address: '198.51.100.8',
    });
    expect(entries[1]).toMatchObject({
      staffUsername: '(identifiant inconnu)',
      entityId: 'inconnu',
      address: '198.51.100.8',
    });
  });
});
