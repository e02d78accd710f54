import type * as Crypto from 'node:crypto';
import type * as Os from 'node:os';
import { describe, expect, it, vi } from 'vitest';

// A machine of 3 cores, and node:crypto's scrypt watched: how many hashes run at the same moment.
const running = vi.hoisted(() => ({ now: 0, most: 0, started: 0 }));
vi.mock('node:os', async (importOriginal) => ({ ...await importOriginal<typeof Os>(), availableParallelism: () => 3 }));
vi.mock('node:crypto', async (importOriginal) => {
  const real = await importOriginal<typeof Crypto>();
  const scrypt = (...args: unknown[]) => {
    const done = args.pop() as (error: Error | null, key: Buffer) => void;
    running.now++;
    running.started++;
    running.most = Math.max(running.most, running.now);
    (real.scrypt as (...a: unknown[]) => void)(...args, (error: Error | null, key: Buffer) => { running.now--; done(error, key); });
  };
  return { ...real, scrypt };
});

// The suite's setup loaded the module already, with the real ones: a fresh copy, at the suite's lower cost.
vi.resetModules();
const { HASHES_AT_ONCE, hashPassword, setScryptCostForTests, verifyPassword } = await import('./passwords');
setScryptCostForTests({ N: 2 ** 14, r: 8, p: 1 });

describe('password hashes wait their turn', () => {
  it('runs one less than the machine has cores at once, and every sign-in still gets its answer', async () => {
    expect(HASHES_AT_ONCE).toBe(2);
    const passwords = Array.from({ length: 6 }, (_, i) => `Azur-Passerelle-${i}`);
    const hashes = await Promise.all(passwords.map((p) => hashPassword(p)));
    const checks = await Promise.all(passwords.flatMap((p, i) => [verifyPassword(p, hashes[i]!), verifyPassword(`${p}x`, hashes[i]!)]));
    expect(checks).toEqual(passwords.flatMap(() => [true, false]));
    expect(running.started).toBe(18);
    expect(running.most).toBe(2);
  });
});
