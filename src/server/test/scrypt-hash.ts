import { randomBytes, scryptSync } from 'node:crypto';

/**
 * A password hash as the app stored them before Argon2id (`scrypt$N$r$p$salt$key`, base64url), for the tests of
 * their check and of their replacement at sign-in. By default at the test suite's former cost (16 MiB), which parses
 * and upgrades exactly as production's N=2^17 does, in a tenth of the time.
 */
export function scryptHash(password: string, { N, r, p } = { N: 2 ** 14, r: 8, p: 1 }): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFC'), salt, 32, { N, r, p, maxmem: 128 * N * r + 32 * 1024 * 1024 });
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}
