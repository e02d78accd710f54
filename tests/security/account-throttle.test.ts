// Every check of a password or a code made from an open session counts against the account like a sign-in does.
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffUsers } from '#server/db/schema.ts';
import { sessionCookieName, STAFF_COOKIE } from '#server/plugins/auth.ts';
import { cookieHeader } from '#server/test/fixtures.ts';
import { hashPassword } from '#server/services/security/passwords.ts';
import { buildWorld, freshAddress, PASSWORDS, type World } from './world.ts';

const codeAt = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

describe('[SECURITY][ACCOUNT THROTTLE] passwords and codes checked from a session meet the sign-in throttle', () => {
  let w: World;
  beforeAll(async () => {
    w = await buildWorld();
  });
  afterAll(async () => w.t.close());

  /** A technician signed in from `address`; their session headers. */
  async function technician(username: string, address: string) {
    const password = `motdepasse-${username}-2026`;
    await w.t.db
      .insert(staffUsers)
      .values({ username, role: 'technicien', passwordHash: await hashPassword(password) });
    const res = await w.t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      remoteAddress: address,
      payload: { username, password },
    });
    expect(res.statusCode, res.body).toBe(200);
    const name = sessionCookieName(w.t.config, STAFF_COOKIE);
    return { username, password, headers: cookieHeader(name, res.cookies.find((c) => c.name === name)!.value) };
  }

  const staffPost = (url: string, headers: Record<string, string>, address: string, payload: object) =>
    w.t.app.inject({ method: 'POST', url, headers, remoteAddress: address, payload });

  it('staff « Mon mot de passe »: a burst of wrong current passwords gets 429 after five, and the sign-in is throttled alike', async () => {
    const address = freshAddress();
    const m = await technician('tom.tech', address);
    const burst = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        staffPost('/api/admin/me/password', m.headers, address, {
          currentPassword: `essai-${i}`,
          newPassword: 'nouveau-choix-solide-2026',
        }),
      ),
    );
    const statuses = burst.map((r) => r.statusCode);
    // Five checks at most (each one a password hash), the rest refused before any hashing.
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(5);
    expect(statuses.every((s) => s === 400 || s === 429)).toBe(true);
    const refused = burst.find((r) => r.statusCode === 429)!;
    expect(refused.json().message).toMatch(/^Trop de tentatives de connexion\. Réessayez dans /);
    expect(refused.headers['retry-after']).toBeDefined();

    // Even the right current password waits now, and so does a sign-in to that account from that address.
    const right = await staffPost('/api/admin/me/password', m.headers, address, {
      currentPassword: m.password,
      newPassword: 'nouveau-choix-solide-2026',
    });
    expect(right.statusCode).toBe(429);
    const signIn = await w.t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      remoteAddress: address,
      payload: { username: m.username, password: m.password },
    });
    expect(signIn.statusCode).toBe(429);
    // The owner elsewhere is not kept out.
    const elsewhere = await w.t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      remoteAddress: freshAddress(),
      payload: { username: m.username, password: m.password },
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('client « Mon compte »: the sixth wrong current password in a row gets 429, even when the sixth is right', async () => {
    const address = freshAddress();
    const post = (currentPassword: string) =>
      w.t.app.inject({
        method: 'POST',
        url: '/api/client/password',
        headers: w.alice.headers,
        remoteAddress: address,
        payload: { currentPassword, newPassword: 'Un-nouveau-mot-de-passe-2026' },
      });
    for (let i = 0; i < 5; i++) expect((await post(`essai-${i}`)).statusCode).toBe(400);
    const sixth = await post(PASSWORDS.alice);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.headers['retry-after']).toBeDefined();
    // Nothing changed: Alice still signs in with her password (from elsewhere: this address is slowed for her account).
    const signIn = await w.t.app.inject({
      method: 'POST',
      url: '/api/client/login',
      remoteAddress: freshAddress(),
      payload: { username: 'alice', password: PASSWORDS.alice },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('TOTP codes typed from a session (disable, recovery codes, confirm) count per account: 429 after five wrong ones', async () => {
    const address = freshAddress();
    const m = await technician('theo.tech', address);
    const setup = await staffPost('/api/admin/me/two-factor/setup', m.headers, address, { password: m.password });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json<{ secret: string }>();
    // Wrong codes at the confirmation count too.
    for (let i = 0; i < 2; i++)
      expect(
        (await staffPost('/api/admin/me/two-factor/confirm', m.headers, address, { code: '000000' })).statusCode,
      ).toBe(400);
    const confirmed = await staffPost('/api/admin/me/two-factor/confirm', m.headers, address, { code: codeAt(secret) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const urls = ['/api/admin/me/two-factor/disable', '/api/admin/me/two-factor/recovery-codes'];
    for (let i = 0; i < 5; i++)
      expect((await staffPost(urls[i % 2]!, m.headers, address, { code: '000000' })).statusCode).toBe(400);
    const right = await staffPost('/api/admin/me/two-factor/disable', m.headers, address, { code: codeAt(secret, 1) });
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toMatch(/^Trop de tentatives/);
    expect(
      (await w.t.app.inject({ method: 'GET', url: '/api/admin/me/two-factor', headers: m.headers })).json().enabled,
    ).toBe(true);
  });
});
