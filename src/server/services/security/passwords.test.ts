import { describe, expect, it } from 'vitest';
import { scryptHash } from '#server/test/scrypt-hash.ts';
import { ARGON2_COST, hashPassword, needsRehash, verifyDummyPassword, verifyPassword } from './passwords.ts';

const PHC_AT_TODAYS_COST = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/;

describe('passwords (Argon2id, PHC strings)', () => {
  it('hashes at m=19456 KiB, t=2, p=1 with a fresh 16-byte salt each time, and verifies only the right password', async () => {
    expect(ARGON2_COST).toEqual({ m: 19_456, t: 2, p: 1 });
    const a = await hashPassword('Soleil-du-Midi-42');
    const b = await hashPassword('Soleil-du-Midi-42');
    expect(a).not.toBe(b);
    expect(a).toMatch(PHC_AT_TODAYS_COST);
    expect(await verifyPassword('Soleil-du-Midi-42', a)).toBe(true);
    expect(await verifyPassword('Soleil-du-Midi-43', a)).toBe(false);
    expect(await verifyPassword('', a)).toBe(false);
    expect(needsRehash(a)).toBe(false);
  });

  it('reads the PHC string of the reference implementation', async () => {
    // phc-winner-argon2's own test vector (src/test.c): « password », salt « somesalt », m=65536, t=2, p=1.
    const reference = '$argon2id$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc';
    expect(await verifyPassword('password', reference)).toBe(true);
    expect(await verifyPassword('Password', reference)).toBe(false);
  });

  it('treats composed and decomposed accents as the same password', async () => {
    const hash = await hashPassword('Crème-brûlée-1');
    expect(await verifyPassword('Cre\u0300me-bru\u0302le\u0301e-1', hash)).toBe(true);
  });

  it('refuses a tampered hash', async () => {
    const hash = await hashPassword('Azur-Passerelle-2026');
    const [, , , , salt, key] = hash.split('$') as [string, string, string, string, string, string];
    const flip = (text: string) => (text[0] === 'A' ? 'B' : 'A') + text.slice(1);
    const tampered = [
      hash.replace(`$${key}`, `$${flip(key)}`),
      hash.replace(`$${salt}$`, `$${flip(salt)}$`),
      hash.replace('m=19456', 'm=19457'),
      hash.replace('t=2', 't=3'),
      hash.replace('$argon2id$', '$argon2i$'),
      hash.replace('$v=19$', '$v=16$'),
      hash.slice(0, -4),
      `${hash}=`,
    ];
    for (const stored of tampered) expect(await verifyPassword('Azur-Passerelle-2026', stored)).toBe(false);
  });

  it('refuses anything that is not one of its hashes', async () => {
    for (const stored of [
      '',
      'plain',
      '$argon2id$v=19$m=19456,t=2,p=1$',
      'scrypt$1$2$3',
      'bcrypt$16384$8$1$abc$def',
      'scrypt$x$8$1$abc$def',
    ]) {
      expect(await verifyPassword('x', stored)).toBe(false);
    }
    expect(await verifyDummyPassword('x')).toBe(false);
  });
});

describe('hashes made before Argon2id, or at another cost', () => {
  it('checks a scrypt hash as before, and asks for it to be replaced', async () => {
    const former = scryptHash('Crème-brûlée-1');
    expect(await verifyPassword('Crème-brûlée-1', former)).toBe(true);
    expect(await verifyPassword('Cre\u0300me-bru\u0302le\u0301e-1', former)).toBe(true);
    expect(await verifyPassword('Creme-brulee-1', former)).toBe(false);
    expect(needsRehash(former)).toBe(true);
  });

  it('checks an Argon2id hash made at another cost, and asks for it to be replaced', async () => {
    const other = await hashPassword('Azur-Passerelle-2026', { m: 12_288, t: 3, p: 1 });
    expect(other).toMatch(/^\$argon2id\$v=19\$m=12288,t=3,p=1\$/);
    expect(await verifyPassword('Azur-Passerelle-2026', other)).toBe(true);
    expect(needsRehash(other)).toBe(true);
    expect(needsRehash('plain')).toBe(true);
  });
});
