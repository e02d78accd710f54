import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { loginThrottle } from '#server/db/schema.ts';
import { openTestDatabase } from '#server/test/harness.ts';
import {
  frenchDelay,
  KNOWN_ADDRESS_DAYS,
  POLICIES,
  reserveLoginAttempt,
  type Bucket,
  type LoginAttempt,
} from './login-throttle.ts';

describe('login throttle (database counts per pair, address and account)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database.close());

  const db = () => database.db;
  let n = 0;
  /** A fresh account name per test, so no test sees another's counts. */
  const account = () => `compte-${++n}`;
  const attempt = (login: string, address: string, scope: LoginAttempt['scope'] = 'staff') =>
    reserveLoginAttempt(db(), { scope, login, address });
  const verdicts = async (count: number, login: string, address: string) => {
    const out: boolean[] = [];
    for (let i = 0; i < count; i++) out.push((await attempt(login, address)).granted);
    return out;
  };
  /** The row of that bucket touched last (keys are hashes: rows are found by when they were used). */
  const latest = async (bucket: Bucket) =>
    (
      await db()
        .select()
        .from(loginThrottle)
        .where(eq(loginThrottle.bucket, bucket))
        .orderBy(desc(loginThrottle.lastAttemptAt))
        .limit(1)
    )[0]!;
  /** The delay set by the last attempt: both times come from the same statement, so this reads no clock. */
  const delayOf = (row: { blockedUntil: Date | null; lastAttemptAt: Date }) =>
    row.blockedUntil ? Math.round((row.blockedUntil.getTime() - row.lastAttemptAt.getTime()) / 1000) : 0;
  /** Moves every block of that bucket into the past, as if its delay had elapsed. */
  const expireBlocks = (bucket: Bucket) =>
    db()
      .update(loginThrottle)
      .set({ blockedUntil: sql`now() - interval '1 second'` })
      .where(and(eq(loginThrottle.bucket, bucket), sql`${loginThrottle.blockedUntil} is not null`));

  it('grants 5 attempts for one account from one address, then one per delay, doubling up to an hour', async () => {
    const name = account();
    expect(await verdicts(7, name, '192.0.2.1')).toEqual([true, true, true, true, true, false, false]);
    expect(delayOf(await latest('pair'))).toBe(60);
    const refused = await attempt(name, '192.0.2.1');
    expect(refused.granted).toBe(false);
    expect(!refused.granted && refused.retryAfterSeconds).toBeGreaterThan(50);
    expect(!refused.granted && refused.retryAfterSeconds).toBeLessThanOrEqual(60);

    const delays: number[] = [];
    for (let i = 0; i < 8; i++) {
      await expireBlocks('pair');
      expect((await attempt(name, '192.0.2.1')).granted).toBe(true);
      delays.push(delayOf(await latest('pair')) / 60);
      expect((await attempt(name, '192.0.2.1')).granted).toBe(false);
    }
    expect(delays).toEqual([2, 4, 8, 16, 32, 60, 60, 60]);
  });

  it('grants exactly 5 of 50 parallel attempts on one account from one address', async () => {
    const name = account();
    const gates = await Promise.all(Array.from({ length: 50 }, () => attempt(name, '192.0.2.99')));
    expect(gates.filter((g) => g.granted)).toHaveLength(POLICIES.pair.free);
  });

  it('grants one attempt of a parallel burst from many addresses once the account is past its allowance', async () => {
    const name = account();
    for (let i = 0; i < POLICIES.account.free + 5; i++) await attempt(name, `198.18.0.${i + 1}`);
    // The last delay has just ended; the next one is the longest (30 s), longer than any burst takes.
    await expireBlocks('account');
    const gates = await Promise.all(Array.from({ length: 50 }, (_, i) => attempt(name, `198.18.1.${i + 1}`)));
    expect(gates.filter((g) => g.granted)).toHaveLength(1);
  });

  it('keeps the owner signing in from another address while one address is blocked', async () => {
    const name = account();
    await verdicts(10, name, '192.0.2.2');
    expect((await attempt(name, '192.0.2.2')).granted).toBe(false);
    expect((await attempt(name, '192.0.2.3')).granted).toBe(true);
  });

  it('limits one address across accounts to 20 failures, whatever the usernames', async () => {
    const results: boolean[] = [];
    for (let i = 0; i < 22; i++) results.push((await attempt(account(), '192.0.2.4')).granted);
    expect(results.slice(0, POLICIES.address.free).every(Boolean)).toBe(true);
    expect(results.slice(POLICIES.address.free)).toEqual([false, false]);
    // The same address is still someone else's problem for other addresses.
    expect((await attempt(account(), '192.0.2.5')).granted).toBe(true);
  });

  it('slows one account tried from many addresses after 50 failures, for a short delay only', async () => {
    const name = account();
    const results: boolean[] = [];
    for (let i = 0; i < POLICIES.account.free; i++) results.push((await attempt(name, `198.51.100.${i + 1}`)).granted);
    expect(results.every(Boolean)).toBe(true);
    expect(delayOf(await latest('account'))).toBe(POLICIES.account.baseSeconds);
    const delays: number[] = [];
    for (let i = 0; i < 6; i++) {
      await expireBlocks('account');
      expect((await attempt(name, `198.51.100.${100 + i}`)).granted).toBe(true);
      delays.push(delayOf(await latest('account')));
    }
    expect(delays).toEqual([2, 4, 8, 16, 30, 30]);
    const refused = await attempt(name, '203.0.113.1');
    expect(refused.granted).toBe(false);
    expect(!refused.granted && refused.retryAfterSeconds).toBeLessThanOrEqual(POLICIES.account.maxSeconds);
  });

  it('lets an address where the right password was given skip the account-wide delay', async () => {
    const name = account();
    const first = await attempt(name, '203.0.113.9');
    expect(first.granted).toBe(true);
    if (first.granted) await first.succeeded();
    for (let i = 0; i < POLICIES.account.free; i++) await attempt(name, `198.51.101.${i + 1}`);
    // As if the flood went on: the account-wide delay is at its longest.
    await db()
      .update(loginThrottle)
      .set({ blockedUntil: sql`now() + interval '30 seconds'` })
      .where(eq(loginThrottle.keyHash, (await latest('account')).keyHash));
    expect((await attempt(name, '203.0.113.10')).granted).toBe(false);
    expect((await attempt(name, '203.0.113.9')).granted).toBe(true);

    // Known for 30 days only.
    await db()
      .update(loginThrottle)
      .set({ lastSuccessAt: sql`now() - make_interval(days => ${KNOWN_ADDRESS_DAYS + 1})` })
      .where(sql`${loginThrottle.lastSuccessAt} is not null`);
    expect((await attempt(name, '203.0.113.9')).granted).toBe(false);
  });

  it('forgives the typos of an owner who then gives the right password, and gives back the slot', async () => {
    const name = account();
    await verdicts(4, name, '192.0.2.20');
    const right = await attempt(name, '192.0.2.20');
    expect(right.granted).toBe(true);
    if (right.granted) await right.succeeded();
    // Five fresh attempts again from that address.
    expect(await verdicts(6, name, '192.0.2.20')).toEqual([true, true, true, true, true, false]);
  });

  it('gives back the pair slot when the address refuses the attempt', async () => {
    for (let i = 0; i < POLICIES.address.free; i++) await attempt(account(), '192.0.2.30');
    expect((await attempt(account(), '192.0.2.30')).granted).toBe(false);
    expect(await latest('pair')).toMatchObject({ failures: 0, blockedUntil: null });
  });

  it('starts afresh after a quiet day', async () => {
    const name = account();
    await verdicts(6, name, '192.0.2.40');
    await db()
      .update(loginThrottle)
      .set({ blockedUntil: null, lastAttemptAt: sql`now() - interval '25 hours'` });
    expect(await verdicts(6, name, '192.0.2.40')).toEqual([true, true, true, true, true, false]);
  });

  it('counts staff and client sign-ins apart, and usernames case-insensitively', async () => {
    const name = account();
    await verdicts(5, name, '192.0.2.50');
    expect((await attempt(name.toUpperCase(), '192.0.2.50')).granted).toBe(false);
    expect((await attempt(name, '192.0.2.50', 'client')).granted).toBe(true);
  });

  it('stores neither the typed name nor the address in clear', async () => {
    await attempt('mot-de-passe-tapé-au-mauvais-endroit', '192.0.2.60');
    const dump = JSON.stringify(await db().select().from(loginThrottle));
    expect(dump).not.toContain('mot-de-passe');
    expect(dump).not.toContain('192.0.2.60');
  });

  it('deletes rows nobody touched for over a month', async () => {
    await attempt(account(), '192.0.2.70');
    await db()
      .update(loginThrottle)
      .set({ lastAttemptAt: sql`now() - interval '40 days'` });
    await attempt(account(), '192.0.2.71');
    const rows = await db().select().from(loginThrottle);
    expect(rows.every((r) => r.lastAttemptAt.getTime() > Date.now() - 86_400_000)).toBe(true);
    expect(rows).toHaveLength(3);
  });

  it('says the delay in French', () => {
    expect([1, 45, 60, 61, 900, 3600, 7200].map(frenchDelay)).toEqual([
      '1 seconde',
      '45 secondes',
      '1 minute',
      '2 minutes',
      '15 minutes',
      '1 heure',
      '2 heures',
    ]);
  });
});
