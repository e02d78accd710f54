import { describe, expect, it } from 'vitest';
import { usernameHint, generatePassword, usernameBase } from './credentials.ts';
import { USERNAME_RULE } from '#shared/orders/order-input.ts';

describe('generated credentials', () => {
  it('makes 16-character passwords from an unambiguous alphabet, with a digit, a capital and a small letter', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const p = generatePassword();
      expect(p).toMatch(/^[a-km-np-zA-HJ-NP-Z2-9]{16}$/);
      expect(p).toMatch(/\d/);
      expect(p).toMatch(/[A-Z]/);
      expect(p).toMatch(/[a-z]/);
      expect(p).not.toMatch(/[01lIoO]/);
      seen.add(p);
    }
    expect(seen.size).toBe(200);
  });

  it.each([
    ['Jean Dupont', 'jdupont'],
    ['Élodie Bérénger', 'eberenger'],
    ['Jean-Marc  de la Fontaine', 'jdelafontaine'],
    ['Zoë', 'zoe'],
    ['  ', 'client'],
    ['李', 'client'],
    ["Anne-Sophie O'Neil", 'aoneil'],
  ])('derives the username base of %j', (name, base) => {
    expect(usernameBase(name)).toBe(base);
    expect(USERNAME_RULE.test(`${usernameBase(name)}42`)).toBe(true);
  });

  it('keeps the first and last two characters of a username for the invoice', () => {
    expect(usernameHint('abcdefyz')).toBe('ab…yz');
    expect(usernameHint('jdupont42')).toBe('jd…42');
    expect(usernameHint('abc')).toBe('…');
  });
});
