import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OpenSessionDto } from '#shared/staff/staff-api.ts';
import { createTestApp, TEST_ADMIN, type TestApp } from '#server/test/harness.ts';
import { staffSessions, staffUsers } from '#server/db/schema.ts';
import { STAFF_COOKIE } from '#server/plugins/auth.ts';
import { hashPassword } from '#server/services/security/passwords.ts';
import { hashSessionToken } from '#server/services/security/sessions.ts';
import { cookieHeader } from '#server/test/fixtures.ts';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const COLLEAGUE = { username: 'collegue', password: 'motdepasse-collegue-1' };

describe('[ADMIN][SESSIONS] a staff member sees and ends their own open sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.db
      .insert(staffUsers)
      .values({ username: COLLEAGUE.username, passwordHash: await hashPassword(COLLEAGUE.password) });
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    await t.db.delete(staffSessions);
  });

  async function signIn(
    address: string,
    userAgent: string,
    who = { username: TEST_ADMIN.username, password: TEST_ADMIN.password },
  ) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: who,
      remoteAddress: address,
      headers: { 'user-agent': userAgent },
    });
    expect(res.statusCode, res.body).toBe(200);
    const token = res.cookies.find((c) => c.name === STAFF_COOKIE)!.value;
    return { token, headers: cookieHeader(STAFF_COOKIE, token) };
  }
  const list = async (headers: Record<string, string>) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/sessions', headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<OpenSessionDto[]>();
  };
  const isOpen = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/session', headers })).statusCode === 200;

  it('lists only their own sessions, the current one first, with where they were opened', async () => {
    const laptop = await signIn('192.0.2.10', FIREFOX);
    const phone = await signIn('192.0.2.11', SAFARI);
    const colleague = await signIn('192.0.2.12', FIREFOX, COLLEAGUE);

    const sessions = await list(phone.headers);
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({ current: true, address: '192.0.2.11', userAgent: SAFARI });
    expect(sessions[1]).toMatchObject({ current: false, address: '192.0.2.10', userAgent: FIREFOX });
    for (const s of sessions) {
      expect(Object.keys(s).sort()).toEqual([
        'address',
        'createdAt',
        'current',
        'expiresAt',
        'id',
        'lastSeenAt',
        'userAgent',
      ]);
      expect(Number.isInteger(s.id)).toBe(true);
    }
    // Nothing that opens a session leaves the server: neither the cookie nor its stored hash.
    const body = JSON.stringify(sessions);
    for (const token of [laptop.token, phone.token, colleague.token]) {
      expect(body).not.toContain(token);
      expect(body).not.toContain(hashSessionToken(token));
    }
    expect((await list(colleague.headers)).map((s) => s.address)).toEqual(['192.0.2.12']);
  });

  it('records when a session was last used, at most once a minute', async () => {
    const laptop = await signIn('192.0.2.20', FIREFOX);
    const hash = hashSessionToken(laptop.token);
    await t.db
      .update(staffSessions)
      .set({ lastSeenAt: sql`now() - interval '10 minutes'` })
      .where(eq(staffSessions.idHash, hash));
    const [{ lastSeenAt }] = (await list(laptop.headers)) as [OpenSessionDto];
    expect(Date.now() - new Date(lastSeenAt).getTime()).toBeLessThan(60_000);
  });

  it('ends another of their sessions by its id: that browser is signed out, this one is not', async () => {
    const laptop = await signIn('192.0.2.30', FIREFOX);
    const phone = await signIn('192.0.2.31', SAFARI);
    const target = (await list(laptop.headers)).find((s) => !s.current)!;
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/sessions/${target.id}`,
      headers: laptop.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 1 });
    expect(await isOpen(phone.headers)).toBe(false);
    expect(await isOpen(laptop.headers)).toBe(true);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/sessions/${target.id}`,
      headers: laptop.headers,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Session introuvable ou déjà fermée');
  });

  it('cannot end a colleague’s session (404, and it stays open)', async () => {
    const mine = await signIn('192.0.2.40', FIREFOX);
    const theirs = await signIn('192.0.2.41', FIREFOX, COLLEAGUE);
    const [their] = await list(theirs.headers);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/sessions/${their!.id}`,
      headers: mine.headers,
    });
    expect(res.statusCode).toBe(404);
    expect(await isOpen(theirs.headers)).toBe(true);
  });

  it('ending the current session from the list signs this browser out', async () => {
    const laptop = await signIn('192.0.2.50', FIREFOX);
    const [current] = await list(laptop.headers);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/sessions/${current!.id}`,
      headers: laptop.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === STAFF_COOKIE)?.value).toBe('');
    expect(await isOpen(laptop.headers)).toBe(false);
  });

  it('ends every other session at once, keeping this one and the colleague’s', async () => {
    const laptop = await signIn('192.0.2.60', FIREFOX);
    const phone = await signIn('192.0.2.61', SAFARI);
    const tablet = await signIn('192.0.2.62', SAFARI);
    const colleague = await signIn('192.0.2.63', FIREFOX, COLLEAGUE);
    const res = await t.app.inject({ method: 'DELETE', url: '/api/admin/sessions', headers: laptop.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 2 });
    expect(await isOpen(laptop.headers)).toBe(true);
    expect(await isOpen(phone.headers)).toBe(false);
    expect(await isOpen(tablet.headers)).toBe(false);
    expect(await isOpen(colleague.headers)).toBe(true);
    expect(await list(laptop.headers)).toHaveLength(1);
  });

  it('refuses an id that is not a number with 400', async () => {
    const laptop = await signIn('192.0.2.70', FIREFOX);
    for (const id of ['abc', '0', '-1', hashSessionToken(laptop.token)]) {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/admin/sessions/${id}`, headers: laptop.headers });
      expect(res.statusCode, id).toBe(400);
      expect(res.json().message).toBe('Identifiant invalide');
    }
  });

  it('keeps at most 300 characters of a browser description', async () => {
    const laptop = await signIn('192.0.2.80', 'x'.repeat(5000));
    const [current] = await list(laptop.headers);
    expect(current!.userAgent).toHaveLength(300);
  });
});
