import { describe, expect, it } from 'vitest';
import { hashPassword, verifyDummyPassword, verifyPassword } from './passwords';

describe('passwords (scrypt)', () => {
  it('hashes with a fresh salt each time and verifies only the right password', async () => {
    const a = await hashPassword('Soleil-du-Midi-42');
    const b = await hashPassword('Soleil-du-Midi-42');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('Soleil-du-Midi-42', a)).toBe(true);
    expect(await verifyPassword('Soleil-du-Midi-43', a)).toBe(false);
    expect(await verifyPassword('', a)).toBe(false);
  });

  it('treats composed and decomposed accents as the same password', async () => {
    const hash = await hashPassword('Crème-brûlée-1');
    expect(await verifyPassword('Cre\u0300me-bru\u0302le\u0301e-1', hash)).toBe(true);
  });

  it('refuses anything that is not one of its hashes', async () => {
    for (const stored of ['', 'plain', 'scrypt$1$2$3', 'bcrypt$16384$8$1$abc$def', 'scrypt$x$8$1$abc$def']) {
      expect(await verifyPassword('x', stored)).toBe(false);
    }
    expect(await verifyDummyPassword('x')).toBe(false);
  });
});
