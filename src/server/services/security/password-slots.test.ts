import type * as Crypto from 'node:crypto';
import type * as Os from 'node:os';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// A machine of 3 cores, and node:crypto's argon2 and scrypt watched: how many hashes run at the same moment, at
// which cost.
const running = vi.hoisted(() => ({ now: 0, most: 0, started: 0, costs: [] as string[] }));
vi.mock('node:os', async (importOriginal) => ({
  ...(await importOriginal<typeof Os>()),
  availableParallelism: () => 3,
}));
vi.mock('node:crypto', async (importOriginal) => {
  const real = await importOriginal<typeof Crypto>();
  const watched =
    (name: 'argon2' | 'scrypt') =>
    (...args: unknown[]) => {
      const done = args.pop() as (error: Error | null, key: Buffer) => void;
      running.now++;
      running.started++;
      running.most = Math.max(running.most, running.now);
      const options = args.at(-1) as { memory?: number; passes?: number; parallelism?: number; N?: number };
      running.costs.push(
        name === 'argon2'
          ? `argon2 m=${options.memory},t=${options.passes},p=${options.parallelism}`
          : `scrypt N=${options.N}`,
      );
      (real[name] as (...a: unknown[]) => void)(...args, (error: Error | null, key: Buffer) => {
        running.now--;
        done(error, key);
      });
    };
  return { ...real, argon2: watched('argon2'), scrypt: watched('scrypt') };
});

const { HASHES_AT_ONCE, hashPassword, verifyDummyPassword, verifyPassword } = await import('./passwords.ts');
const { scryptHash } = await import('#server/test/scrypt-hash.ts');

beforeEach(() => {
  Object.assign(running, { now: 0, most: 0, started: 0, costs: [] });
});

describe('password hashes wait their turn', () => {
  it('runs one less than the machine has cores at once, and every sign-in still gets its answer', async () => {
    expect(HASHES_AT_ONCE).toBe(2);
    const passwords = Array.from({ length: 6 }, (_, i) => `Azur-Passerelle-${i}`);
    const hashes = await Promise.all(passwords.map((p) => hashPassword(p)));
    const checks = await Promise.all(
      passwords.flatMap((p, i) => [verifyPassword(p, hashes[i]!), verifyPassword(`${p}x`, hashes[i]!)]),
    );
    expect(checks).toEqual(passwords.flatMap(() => [true, false]));
    expect(running.started).toBe(18);
    expect(running.most).toBe(2);
  });

  it('checks a scrypt hash of before in the same queue', async () => {
    const former = scryptHash('Azur-Passerelle-2026');
    const checks = await Promise.all(Array.from({ length: 4 }, () => verifyPassword('Azur-Passerelle-2026', former)));
    expect(checks).toEqual([true, true, true, true]);
    expect(running.costs).toEqual(Array(4).fill('scrypt N=16384'));
    expect(running.most).toBe(2);
  });
});

describe('a stored hash asking for an absurd cost', () => {
  const salt = 'c29tZXNhbHRzb21lc2FsdA';
  const key = 'CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc';
  it('is refused without being computed', async () => {
    const absurd = [
      `$argon2id$v=19$m=4194304,t=2,p=1$${salt}$${key}`, // 4 GiB
      `$argon2id$v=19$m=262145,t=2,p=1$${salt}$${key}`, // just over 256 MiB
      `$argon2id$v=19$m=19456,t=1000,p=1$${salt}$${key}`,
      `$argon2id$v=19$m=19456,t=2,p=255$${salt}$${key}`,
      `$argon2id$v=19$m=19456,t=0,p=1$${salt}$${key}`,
      `$argon2id$v=19$m=0,t=2,p=1$${salt}$${key}`,
      `$argon2id$v=19$m=16,t=2,p=4$${salt}$${key}`, // fewer than 8 KiB per lane
      `$argon2id$v=19$m=99999999999999999999,t=2,p=1$${salt}$${key}`,
      `$argon2id$v=19$m=19456,t=2,p=1$c29tZQ$${key}`, // a 4-byte salt
      `scrypt$${2 ** 24}$8$1$${salt}$${key}`, // 16 GiB
      `scrypt$16384$8$1000$${salt}$${key}`,
      `scrypt$10000$8$1$${salt}$${key}`, // not a power of two
    ];
    for (const stored of absurd) expect(await verifyPassword('password', stored)).toBe(false);
    expect(running.started).toBe(0);
    // At the limits, it is computed.
    expect(await verifyPassword('password', `$argon2id$v=19$m=8,t=1,p=1$${salt}$${key}`)).toBe(false);
    expect(running.started).toBe(1);
  });
});

describe('an unknown username', () => {
  it('costs one Argon2id check at today’s cost, as a known one does', async () => {
    const known = await hashPassword('Azur-Passerelle-2026');
    await verifyDummyPassword('Azur-Passerelle-2026'); // the first call makes the dummy hash
    running.costs = [];
    await verifyPassword('Azur-Passerelle-2026', known);
    await verifyDummyPassword('Azur-Passerelle-2026');
    expect(running.costs).toEqual(['argon2 m=19456,t=2,p=1', 'argon2 m=19456,t=2,p=1']);
  });
});
