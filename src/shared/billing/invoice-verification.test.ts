import { describe, expect, it } from 'vitest';
import { KEY_ALPHABET, VERIFICATION_KEY, verificationKeySchema } from './invoice-verification.ts';

const message = (input: unknown) => {
  const result = verificationKeySchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('verificationKeySchema', () => {
  it('accepts a well-formed key', () => {
    expect(verificationKeySchema.parse('RFS-ABCDEF-2025')).toBe('RFS-ABCDEF-2025');
  });

  it('trims and upper-cases what the visitor typed', () => {
    expect(verificationKeySchema.parse('  rfs-k7m9pq-2025 ')).toBe('RFS-K7M9PQ-2025');
  });

  it.each(['', '   ', undefined, null])('an empty key %j → « Veuillez saisir une clé de vérification »', (input) => {
    expect(message(input)).toBe('Veuillez saisir une clé de vérification');
  });

  it.each([
    'RFS-ABCDE-2025', // 5 characters
    'RFS-ABCDEFG-2025', // 7 characters
    'RFS-ABCDEF-25',
    'ABC-ABCDEF-2025',
    'RFS-ABCDE0-2025', // 0 is outside the alphabet (mistaken for O)
    'RFS-ABCDEI-2025', // I and L and 1 too
    'RFS-ABCDEL-2025',
    'RFS-ABCDE1-2025',
    'RFS-ABCDEO-2025',
    'RFS ABCDEF 2025',
  ])('rejects %j with the format message', (key) => {
    expect(message(key)).toBe('Format de clé invalide (RFS-XXXXXX-AAAA)');
  });

  it('agrees with the alphabet keys are drawn from', () => {
    for (const c of KEY_ALPHABET) expect(VERIFICATION_KEY.test(`RFS-${c.repeat(6)}-2025`)).toBe(true);
    for (const c of '01ILO') expect(VERIFICATION_KEY.test(`RFS-${c.repeat(6)}-2025`)).toBe(false);
  });
});
