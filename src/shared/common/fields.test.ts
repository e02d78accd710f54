import { describe, expect, it } from 'vitest';
import { isPrintable, printableOnly } from './fields.ts';

describe('[FIELDS] what a person can type, and what only a tool sends', () => {
  it('accepts French text, line breaks, tabs and emoji', () => {
    for (const text of ['Écran noir après la mise à jour', 'Ligne 1\nLigne 2\tfin', 'Merci 👍 😀', '« Œuvre » — l’été'])
      expect(isPrintable(text), text).toBe(true);
  });

  it('refuses control characters, direction overrides and half of a character', () => {
    for (const text of [
      'a\u0000b',
      'bell\u0007',
      'Ju\u202Elien',
      'fin\ud800',
      '\udc00début',
      'à l’envers \ude00\ud83d',
    ])
      expect(isPrintable(text), JSON.stringify(text)).toBe(false);
  });

  it('reads what it refuses as spaces, and leaves the rest, emoji whole, as it was', () => {
    expect(printableOnly('a\u0000b\u0007c\u202Ed\ud800e')).toBe('a b c d e');
    expect(printableOnly('Merci 👍 « été »\nfin')).toBe('Merci 👍 « été »\nfin');
    for (const text of ['x\u0000', '\udc00y\u2066', 'bell\u0007\u0007'])
      expect(isPrintable(printableOnly(text))).toBe(true);
  });
});
