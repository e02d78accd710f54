import { scryptSync } from 'node:crypto';

/**
 * The machine's speed, as a yardstick: one scrypt hash at the sign-in's former cost (N=2^17, r=8, p=1), timed here.
 * These shared machines vary by half from one hour to the next; a run is comparable to another only beside this
 * figure. It stays that scrypt hash now that sign-ins use Argon2id, so runs before and after compare.
 */
export function yardstickMs(): number {
  const started = performance.now();
  scryptSync('yardstick', 'salt-of-the-yardstick', 32, { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 });
  return Math.round(performance.now() - started);
}
