import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, SCRYPT_COST, setScryptCostForTests, verifyDummyPassword, verifyPassword } from './passwords';

const OLD_COST = { N: 16384, r: 8, p: 1 };

describe('passwords (scrypt)', () => {
  it('hashes with a fresh salt each time and verifies only the right password', async () => {
    const a = await hashPassword('Soleil-du-Midi-42', OLD_COST);
    const b = await hashPassword('Soleil-du-Midi-42', OLD_COST);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('Soleil-du-Midi-42', a)).toBe(true);
    expect(await verifyPassword('Soleil-du-Midi-43', a)).toBe(false);
    expect(await verifyPassword('', a)).toBe(false);
  });

  it('treats composed and decomposed accents as the same password', async () => {
    const hash = await hashPassword('Crème-brûlée-1', OLD_COST);
    expect(await verifyPassword('Cre\u0300me-bru\u0302le\u0301e-1', hash)).toBe(true);
  });

  it('refuses anything that is not one of its hashes, without computing a giant one', async () => {
    for (const stored of ['', 'plain', 'scrypt$1$2$3', 'bcrypt$16384$8$1$abc$def', 'scrypt$x$8$1$abc$def', 'scrypt$0$8$1$abc$def',
      `scrypt$${2 ** 24}$8$1$abc$def`]) {
      expect(await verifyPassword('x', stored)).toBe(false);
    }
    expect(await verifyDummyPassword('x')).toBe(false);
  });
});

describe('passwords at OWASP’s cost', () => {
  // The rest of the suite hashes at a lower cost (src/server/test/setup.ts); here the real one.
  beforeAll(() => setScryptCostForTests(SCRYPT_COST));
  afterAll(() => setScryptCostForTests(OLD_COST));

  it('hashes at N=2^17, r=8, p=1 and verifies', async () => {
    expect(SCRYPT_COST).toEqual({ N: 131072, r: 8, p: 1 });
    const hash = await hashPassword('Azur-Passerelle-2026');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('Azur-Passerelle-2026', hash)).toBe(true);
    expect(needsRehash(hash)).toBe(false);
  });

  it('asks for a new hash when one was made at the former cost, or is not a hash of ours', async () => {
    expect(needsRehash(await hashPassword('Azur-Passerelle-2026', OLD_COST))).toBe(true);
    expect(needsRehash('plain')).toBe(true);
  });
});
