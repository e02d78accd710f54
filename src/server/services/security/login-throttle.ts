import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Tx } from '#server/db/client.ts';
import { loginThrottle } from '#server/db/schema.ts';
import { HttpError } from '#server/http-error.ts';
import { periodMs, RETENTION } from '#shared/privacy/retention-periods.ts';

/**
 * Failed sign-ins slow the one who fails, never lock the owner out (docs/security.md, « Login throttling »).
 * Every attempt first reserves a slot in three buckets, each in one atomic upsert; the password is checked only when
 * all three grant it. A right password gives the slot back, a wrong one keeps it counted.
 */
/** 'staff-code': the code step of a staff sign-in, counted apart from passwords. */
type LoginScope = 'staff' | 'staff-code' | 'client';
export type Bucket = 'pair' | 'address' | 'account';

/** `free` failures, then one attempt per delay, doubling from `baseSeconds` up to `maxSeconds`; forgotten after `resetSeconds` without any attempt. */
export type Policy = { free: number; baseSeconds: number; maxSeconds: number; resetSeconds: number };

export const POLICIES: Record<Bucket, Policy> = {
  // One account from one address: the attacker who guesses from there, stopped fast and for longer each time.
  pair: { free: 5, baseSeconds: 60, maxSeconds: 60 * 60, resetSeconds: 24 * 60 * 60 },
  // One address across accounts: spraying a few common passwords over many usernames.
  address: { free: 20, baseSeconds: 60, maxSeconds: 15 * 60, resetSeconds: 60 * 60 },
  // One account across addresses: guessing spread over many addresses. A short delay only, and skipped from an
  // address where the right password was given before, so the owner is never kept out for long.
  account: { free: 50, baseSeconds: 1, maxSeconds: 30, resetSeconds: 60 * 60 },
};

/** An address that signed in to the account within this time skips the account-wide bucket. */
export const KNOWN_ADDRESS_DAYS = 30;
/** Rows untouched for this long are deleted: longer than every reset and the known-address memory (the test checks). */
const THROTTLE_PURGE_MS = periodMs(RETENTION.loginThrottle);

export type LoginAttempt = { scope: LoginScope; login: string; address: string };
type Key = { bucket: Bucket; keyHash: string };

/** Case-insensitive like both sign-ins; hashed so the table holds neither typed names nor addresses in clear. */
function keysOf({ scope, login, address }: LoginAttempt): Record<Bucket, Key> {
  const name = login.trim().toLowerCase();
  const hash = (...parts: string[]) =>
    createHash('sha256')
      .update([scope, ...parts].join('\u0000'))
      .digest('hex');
  return {
    pair: { bucket: 'pair', keyHash: hash('pair', name, address) },
    address: { bucket: 'address', keyHash: hash('address', address) },
    account: { bucket: 'account', keyHash: hash('account', name) },
  };
}

const seconds = (n: number) => sql`make_interval(secs => ${n})`;

/** One statement: reads, decides and counts under the row lock, so N parallel attempts get N distinct verdicts. */
async function reserve(db: Tx, scope: LoginScope, key: Key) {
  const p = POLICIES[key.bucket];
  const t = loginThrottle;
  const blocked = sql`(${t.blockedUntil} is not null and ${t.blockedUntil} > now())`;
  const stale = sql`(${t.lastAttemptAt} < now() - ${seconds(p.resetSeconds)})`;
  const failures = sql`(case when ${blocked} then ${t.failures} when ${stale} then 1 else ${t.failures} + 1 end)`;
  const delay = sql`least(${p.baseSeconds}::float8 * power(2, least(${failures} - ${p.free}, 30)), ${p.maxSeconds}::float8)`;
  const [row] = await db
    .insert(t)
    .values({ scope, ...key, failures: 1, granted: true })
    .onConflictDoUpdate({
      target: [t.scope, t.bucket, t.keyHash],
      set: {
        failures,
        blockedUntil: sql`case when ${blocked} then ${t.blockedUntil}
          when ${failures} >= ${p.free} then now() + make_interval(secs => ${delay}) else null end`,
        granted: sql`not ${blocked}`,
        lastAttemptAt: sql`now()`,
      },
    })
    .returning({ granted: t.granted, blockedUntil: t.blockedUntil, lastSuccessAt: t.lastSuccessAt });
  return row!;
}

/** Gives back the slot an attempt took (its password was right, or another bucket refused it). */
async function refund(db: Tx, scope: LoginScope, key: Key) {
  const p = POLICIES[key.bucket];
  const t = loginThrottle;
  await db
    .update(t)
    .set({
      failures: sql`greatest(${t.failures} - 1, 0)`,
      blockedUntil: sql`case when ${t.failures} - 1 < ${p.free} then null else ${t.blockedUntil} end`,
    })
    .where(and(eq(t.scope, scope), eq(t.bucket, key.bucket), eq(t.keyHash, key.keyHash)));
}

export type Gate = { granted: true; succeeded(): Promise<void> } | { granted: false; retryAfterSeconds: number };

/** Reserves one attempt in the pair, address and account buckets, in that order (most specific first). */
export async function reserveLoginAttempt(db: Tx, attempt: LoginAttempt): Promise<Gate> {
  const { scope } = attempt;
  const keys = keysOf(attempt);
  await db
    .delete(loginThrottle)
    .where(lt(loginThrottle.lastAttemptAt, sql`now() - ${seconds(THROTTLE_PURGE_MS / 1000)}`));

  const taken: Key[] = [];
  const refuse = async (blockedUntil: Date | null) => {
    await Promise.all(taken.map((key) => refund(db, scope, key)));
    const wait = blockedUntil ? Math.ceil((blockedUntil.getTime() - Date.now()) / 1000) : 1;
    return { granted: false as const, retryAfterSeconds: Math.max(1, wait) };
  };

  const pair = await reserve(db, scope, keys.pair);
  if (!pair.granted) return refuse(pair.blockedUntil);
  taken.push(keys.pair);
  const address = await reserve(db, scope, keys.address);
  if (!address.granted) return refuse(address.blockedUntil);
  taken.push(keys.address);
  const known =
    pair.lastSuccessAt !== null && pair.lastSuccessAt.getTime() > Date.now() - KNOWN_ADDRESS_DAYS * 86_400_000;
  if (!known) {
    const account = await reserve(db, scope, keys.account);
    if (!account.granted) return refuse(account.blockedUntil);
    taken.push(keys.account);
  }

  return {
    granted: true,
    async succeeded() {
      // The owner proved it from this address: its own typos there are forgiven and it becomes a known address.
      await db
        .update(loginThrottle)
        .set({ failures: 0, blockedUntil: null, lastSuccessAt: sql`now()` })
        .where(
          and(
            eq(loginThrottle.scope, scope),
            eq(loginThrottle.bucket, 'pair'),
            eq(loginThrottle.keyHash, keys.pair.keyHash),
          ),
        );
      await Promise.all(taken.filter((key) => key.bucket !== 'pair').map((key) => refund(db, scope, key)));
    },
  };
}

/**
 * A check of a password or code of `login`'s account made outside a sign-in (changing one's password, 2FA from a
 * session), throttled in the same buckets as the sign-in of that scope: a borrowed session guesses no faster than a
 * sign-in form, and its guesses cost no more hashing. Services take one of these so none can check unthrottled.
 */
export type AccountCheck = <T>(login: string, check: () => Promise<T | null>) => Promise<T | null>;

export const accountCheck =
  (db: Tx, reply: FastifyReply, scope: LoginScope, address: string): AccountCheck =>
  (login, check) =>
    throttledSignIn(db, reply, { scope, login, address }, check);

/** « 45 secondes », « 1 minute », « 15 minutes », « 1 heure » */
export function frenchDelay(totalSeconds: number): string {
  if (totalSeconds < 60) return `${totalSeconds} seconde${totalSeconds > 1 ? 's' : ''}`;
  const minutes = Math.ceil(totalSeconds / 60);
  if (minutes < 60) return `${minutes} minute${minutes > 1 ? 's' : ''}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} heure${hours > 1 ? 's' : ''}`;
}

const tooManyAttempts = (retryAfterSeconds: number) =>
  new HttpError('THROTTLED', `Trop de tentatives de connexion. Réessayez dans ${frenchDelay(retryAfterSeconds)}.`);

/**
 * Runs `check` (the password check) only when the throttle grants the attempt; 429 with Retry-After otherwise. The
 * answer depends only on what was typed and from where, never on whether the account exists.
 */
export async function throttledSignIn<T>(
  db: Tx,
  reply: FastifyReply,
  attempt: LoginAttempt,
  check: () => Promise<T | null>,
): Promise<T | null> {
  const gate = await reserveLoginAttempt(db, attempt);
  if (!gate.granted) {
    reply.header('retry-after', String(gate.retryAfterSeconds));
    throw tooManyAttempts(gate.retryAfterSeconds);
  }
  const result = await check();
  // A failure was counted when the slot was reserved: nothing more to write.
  if (result) await gate.succeeded();
  return result;
}
