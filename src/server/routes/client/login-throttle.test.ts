import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { loginThrottle } from '#server/db/schema.ts';
import { POLICIES, reserveLoginAttempt } from '#server/services/security/login-throttle.ts';
import { passwordChecks as checks } from '#server/test/password-checks.ts';
import { postOrder, staffLogin } from '#server/test/fixtures.ts';

// Counts every password actually checked (a real account's hash or the dummy one for an unknown login).
vi.mock('#server/services/security/passwords.ts', async (importOriginal) =>
  (await import('#server/test/password-checks.ts')).countingPasswords(await importOriginal()),
);

const CLIENT = { username: 'jdupont', password: 'motdepasse-client-solide-1', email: 'jean.dupont@exemple.fr' };

describe('[CLIENT][LOGIN] failed sign-ins are throttled per account and per address, never lock the owner out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await postOrder(t, await staffLogin(t), {
      clientEmail: CLIENT.email,
      username: CLIENT.username,
      password: CLIENT.password,
    });
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    await t.db.delete(loginThrottle);
    checks.count = 0;
  });

  /** The client-area form (username) or the dashboard form (email, which may hold a username too). */
  const clientArea = (username: string, password: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/client/login', payload: { username, password }, remoteAddress });
  const dashboard = (email: string, password: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

  it('lets the owner in from another address after five wrong passwords from one', async () => {
    for (let i = 0; i < 5; i++)
      expect((await clientArea(CLIENT.username, `faux-${i}`, '10.5.0.1')).statusCode).toBe(401);
    const blocked = await clientArea(CLIENT.username, CLIENT.password, '10.5.0.1');
    expect(blocked.statusCode).toBe(429);
    // A minute from the fifth failure: « 1 minute », or its last seconds on a machine slow enough to let one pass.
    expect(blocked.json()).toEqual({
      message: expect.stringMatching(
        /^Trop de tentatives de connexion\. Réessayez dans (1 minute|[1-5]?\d secondes)\.$/,
      ),
      code: 'THROTTLED',
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(50);
    expect((await clientArea(CLIENT.username, CLIENT.password, '10.5.0.2')).statusCode).toBe(200);
  });

  it('counts both sign-in forms together for the same login', async () => {
    for (let i = 0; i < 3; i++) await clientArea(CLIENT.username, `faux-${i}`, '10.5.1.1');
    for (let i = 0; i < 2; i++)
      expect((await dashboard(CLIENT.username, `faux-d${i}`, '10.5.1.1')).statusCode).toBe(401);
    expect((await dashboard(CLIENT.username, CLIENT.password, '10.5.1.1')).statusCode).toBe(429);
    expect((await clientArea(CLIENT.username, CLIENT.password, '10.5.1.1')).statusCode).toBe(429);
  });

  it('checks no more than 5 passwords out of 20 parallel attempts from one address', async () => {
    // 20 at once: the per-address flood guard of this route (20 a minute) lets the whole burst reach the throttle.
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => clientArea(CLIENT.username, `faux-${i}`, '10.5.2.1')),
    );
    expect(checks.count).toBe(POLICIES.pair.free);
    expect(results.filter((r) => r.statusCode === 401)).toHaveLength(POLICIES.pair.free);
    expect(results.every((r) => r.statusCode === 401 || r.statusCode === 429)).toBe(true);
  });

  it('answers an unknown login exactly as an existing one, attempt after attempt', async () => {
    const run = async (login: string, address: string) => {
      const out: Array<{ status: number; body: string; cookies: number; retry: boolean }> = [];
      for (let i = 0; i < 7; i++) {
        const res = await dashboard(login, `essai-${i}`, address);
        out.push({
          status: res.statusCode,
          body: res.body,
          cookies: res.cookies.length,
          retry: 'retry-after' in res.headers,
        });
      }
      return out;
    };
    const existing = await run(CLIENT.email, '10.5.3.1');
    const unknown = await run('personne@exemple.fr', '10.5.3.2');
    expect(unknown).toEqual(existing);
    expect(existing.map((r) => r.status)).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect(checks.count).toBe(2 * POLICIES.pair.free);
  });

  it('slows guessing spread over many addresses, but not the owner at an address already used', async () => {
    expect((await clientArea(CLIENT.username, CLIENT.password, '10.5.4.1')).statusCode).toBe(200);
    // Earlier failures from everywhere, counted as the route counts them (without spending scrypt time).
    for (let i = 0; i < POLICIES.account.free + 5; i++)
      await reserveLoginAttempt(t.db, { scope: 'client', login: CLIENT.username, address: `10.6.0.${i + 1}` });
    // The last delay has just ended, and enough failures are counted that the next delay is the longest (30 s), longer
    // than any burst takes. The loop above counts fewer on a fast machine, where its last attempts fall in a delay.
    await t.db
      .update(loginThrottle)
      .set({ failures: POLICIES.account.free + 10, blockedUntil: sql`now() - interval '1 second'` })
      .where(eq(loginThrottle.bucket, 'account'));
    checks.count = 0;
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => clientArea(CLIENT.username, `faux-${i}`, `10.6.1.${i + 1}`)),
    );
    expect(checks.count).toBe(1);
    expect(burst.filter((r) => r.statusCode === 429)).toHaveLength(29);
    expect((await clientArea(CLIENT.username, CLIENT.password, '10.6.2.1')).statusCode).toBe(429);
    expect((await clientArea(CLIENT.username, CLIENT.password, '10.5.4.1')).statusCode).toBe(200);
  });
});
