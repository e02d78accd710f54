import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';

export type ScryptCost = { N: number; r: number; p: number };

/**
 * OWASP's scrypt cost (Password Storage Cheat Sheet): N=2^17, r=8, p=1, that is 128 MiB and a few hundred
 * milliseconds per hash.
 */
export const SCRYPT_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 32;
/** scrypt needs 128·N·r bytes; anything above 256 MiB is not a hash of ours and is refused rather than computed. */
const MAX_MEMORY = 256 * 1024 * 1024;

let cost: ScryptCost = SCRYPT_COST;

/**
 * The test suite's lower cost (set in src/server/test/setup.ts, nowhere else): hundreds of sign-ins at 128 MiB each
 * would take minutes. passwords.test.ts checks the real cost.
 */
export function setScryptCostForTests(testCost: ScryptCost) {
  cost = testCost;
}

const memoryFor = ({ N, r }: ScryptCost) => 128 * N * r;

/**
 * Hashes computed at once by this process, the others waiting their turn: one core less than the machine has (one
 * at least). Node would run up to 4 on its libuv threads, which file reads and compression also need: a burst of
 * sign-ins then took every core from the requests served meanwhile, and 512 MiB. The sign-in throttle keeps an
 * attacker from queueing many.
 */
export const HASHES_AT_ONCE = Math.max(1, availableParallelism() - 1);
const hashSlots = pLimit(HASHES_AT_ONCE);

function derive(password: string, salt: Buffer, params: ScryptCost): Promise<Buffer> {
  // Node refuses a cost whose 128·N·r bytes exceed maxmem (32 MiB by default): allow that much and a little more.
  const maxmem = memoryFor(params) + 32 * 1024 * 1024;
  return hashSlots(() => new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, { ...params, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key));
  }));
}

/** `scrypt$N$r$p$salt$hash` (base64url): the parameters travel with the hash so they can be raised later. */
export async function hashPassword(password: string, params: ScryptCost = cost): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

function parse(stored: string): { params: ScryptCost; salt: Buffer; key: Buffer } | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((n) => Number.isSafeInteger(n) && n > 0) || memoryFor({ N, r, p }) > MAX_MEMORY) return null;
  return { params: { N, r, p }, salt: Buffer.from(parts[4]!, 'base64url'), key: Buffer.from(parts[5]!, 'base64url') };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const hash = parse(stored);
  if (!hash) return false;
  const key = await derive(password, hash.salt, hash.params);
  return key.length === hash.key.length && timingSafeEqual(key, hash.key);
}

/** True when the hash was made at another cost than today's: sign-in then stores a new one (the password is known). */
export function needsRehash(stored: string): boolean {
  const hash = parse(stored);
  return !hash || hash.params.N !== cost.N || hash.params.r !== cost.r || hash.params.p !== cost.p;
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so an unknown username cannot be told apart by the response time. */
export async function verifyDummyPassword(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(12).toString('base64url'));
  await verifyPassword(password, await dummyHash);
  return false;
}
