import { describe, expect, it } from 'vitest';
import { clientLoginInputSchema } from './client-login.ts';

const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? [] : [...new Set(result.error!.issues.map((i) => i.message))];

describe('clientLoginInputSchema', () => {
  it('accepts a username or an e-mail in `email`, trimmed', () => {
    expect(clientLoginInputSchema.parse({ email: '  jeanne.d ', password: 'secret' })).toEqual({
      email: 'jeanne.d',
      password: 'secret',
    });
    expect(clientLoginInputSchema.parse({ email: 'jeanne@exemple.fr', password: 'secret' }).email).toBe(
      'jeanne@exemple.fr',
    );
  });

  it.each([
    [{}],
    [{ email: '', password: '' }],
    [{ email: 'jeanne', password: '' }],
    [{ email: '', password: 'secret' }],
    [{ email: '    ', password: 'secret' }],
  ])('%j → « Veuillez remplir tous les champs »', (input) => {
    expect(messages(clientLoginInputSchema.safeParse(input))).toEqual(['Veuillez remplir tous les champs']);
  });

  it('keeps the password exactly as typed (spaces are part of it)', () => {
    expect(clientLoginInputSchema.parse({ email: 'jeanne', password: ' a b ' }).password).toBe(' a b ');
  });

  it('refuses absurdly long values', () => {
    expect(clientLoginInputSchema.safeParse({ email: 'a'.repeat(201), password: 'x' }).success).toBe(false);
  });
});
