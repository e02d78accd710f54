import { argon2, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';

/** Argon2id's cost, as the PHC string writes it: m in KiB, t passes, p lanes. */
export type Argon2Cost = { m: number; t: number; p: number };

/**
 * OWASP's Argon2id (Password Storage Cheat Sheet): m=19 MiB, t=2, p=1, a tenth of scrypt's time at its OWASP cost
 * (docs/decisions/018, docs/quality.md « Figures behind the code »). The one place the cost is set: a hash made at any other cost, or with
 * scrypt, is replaced at the account's next sign-in (needsRehash).
 */
export const ARGON2_COST: Argon2Cost = { m: 19_456, t: 2, p: 1 };
const SALT_LENGTH = 16;
const TAG_LENGTH = 32;
/** A stored hash asking for more memory than this is not one of ours: refused rather than computed. */
const MAX_MEMORY = 256 * 1024 * 1024;
/** Nor one asking for more passes or lanes than these (at 256 MiB, 8 passes is seconds of a core). */
const MAX_PASSES = 8;
const MAX_LANES = 8;

/**
 * Hashes computed at once by this process, the others waiting their turn: one core less than the machine has (one
 * at least). Node would run up to 4 on its libuv threads, which file reads and compression also need: a burst of
 * sign-ins then took every core from the requests served meanwhile. The sign-in throttle keeps an attacker from
 * queueing many.
 */
export const HASHES_AT_ONCE = Math.max(1, availableParallelism() - 1);
const hashSlots = pLimit(HASHES_AT_ONCE);

type Argon2Params = { kind: 'argon2id'; cost: Argon2Cost; salt: Buffer };
/** Hashes made before Argon2id: `scrypt$N$r$p$salt$key` (base64url). Checked, never made any more. */
type ScryptParams = { kind: 'scrypt'; cost: { N: number; r: number; p: number }; salt: Buffer };
type StoredHash = (Argon2Params | ScryptParams) & { key: Buffer };

/** Passwords are compared as Unicode NFC: a composed and a decomposed « é » are the same password. */
const message = (password: string) => password.normalize('NFC');

function derive(password: string, hash: Argon2Params | ScryptParams, keyLength: number): Promise<Buffer> {
  return hashSlots(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        const done = (error: Error | null, key: Buffer) => (error ? reject(error) : resolve(key));
        if (hash.kind === 'argon2id') {
          const { m, t, p } = hash.cost;
          argon2(
            'argon2id',
            {
              message: message(password),
              nonce: hash.salt,
              memory: m,
              passes: t,
              parallelism: p,
              tagLength: keyLength,
            },
            done,
          );
        } else {
          // Node refuses a cost whose 128·N·r bytes exceed maxmem (32 MiB by default): allow that much and a little more.
          const maxmem = 128 * hash.cost.N * hash.cost.r + 32 * 1024 * 1024;
          scrypt(message(password), hash.salt, keyLength, { ...hash.cost, maxmem }, done);
        }
      }),
  );
}

/** The PHC string's base64: the standard alphabet, without padding. */
const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

/** `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`: the PHC string, so the cost travels with the hash. */
export async function hashPassword(password: string, cost: Argon2Cost = ARGON2_COST): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, { kind: 'argon2id', cost, salt }, TAG_LENGTH);
  return `$argon2id$v=19$m=${cost.m},t=${cost.t},p=${cost.p}$${b64(salt)}$${b64(key)}`;
}

const whole = (text: string | undefined) => (text && /^\d{1,10}$/.test(text) ? Number(text) : NaN);
const inRange = (n: number, max: number) => Number.isSafeInteger(n) && n >= 1 && n <= max;

const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]{11,86})\$([A-Za-z0-9+/]{22,86})$/;

function parseArgon2(stored: string): (Argon2Params & { key: Buffer }) | null {
  const match = PHC.exec(stored);
  if (!match) return null;
  const [m, t, p] = match.slice(1, 4).map(whole) as [number, number, number];
  // Argon2 needs 8 KiB per lane at least; the salt and tag lengths Node accepts are 8 bytes and 4 at least.
  if (!inRange(m, MAX_MEMORY / 1024) || !inRange(t, MAX_PASSES) || !inRange(p, MAX_LANES) || m < 8 * p) return null;
  const salt = Buffer.from(match[4]!, 'base64');
  const key = Buffer.from(match[5]!, 'base64');
  if (salt.length < 8 || key.length < 16) return null;
  return { kind: 'argon2id', cost: { m, t, p }, salt, key };
}

function parseScrypt(stored: string): (ScryptParams & { key: Buffer }) | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(whole) as [number, number, number];
  // scrypt needs 128·N·r bytes, and N a power of two (Node throws otherwise).
  if (![N, r, p].every((n) => inRange(n, 2 ** 30)) || (N & (N - 1)) !== 0 || 128 * N * r > MAX_MEMORY || p > MAX_LANES)
    return null;
  const key = Buffer.from(parts[5]!, 'base64url');
  if (key.length < 16) return null;
  return { kind: 'scrypt', cost: { N, r, p }, salt: Buffer.from(parts[4]!, 'base64url'), key };
}

const parse = (stored: string): StoredHash | null => parseArgon2(stored) ?? parseScrypt(stored);

/** False for a wrong password, and for anything that is not a hash of ours or asks for an absurd cost (not computed). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const hash = parse(stored);
  if (!hash) return false;
  const key = await derive(password, hash, hash.key.length);
  return timingSafeEqual(key, hash.key);
}

/** True unless the hash is Argon2id at today's cost: sign-in then stores a new one (the password is known). */
export function needsRehash(stored: string): boolean {
  const hash = parseArgon2(stored);
  if (!hash || hash.key.length !== TAG_LENGTH || hash.salt.length !== SALT_LENGTH) return true;
  return hash.cost.m !== ARGON2_COST.m || hash.cost.t !== ARGON2_COST.t || hash.cost.p !== ARGON2_COST.p;
}

/**
 * Checks a password and, when it is right and its hash is not today's (scrypt, another cost), hands `replace` a new
 * hash: the one place where a known password upgrades what is stored (decision 018).
 */
export async function verifyAndUpgrade(
  password: string,
  stored: string,
  replace: (hash: string) => Promise<unknown>,
): Promise<boolean> {
  if (!(await verifyPassword(password, stored))) return false;
  if (needsRehash(stored)) await replace(await hashPassword(password));
  return true;
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so an unknown username cannot be told apart by the response time. */
export async function verifyDummyPassword(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(12).toString('base64url'));
  await verifyPassword(password, await dummyHash);
  return false;
}
