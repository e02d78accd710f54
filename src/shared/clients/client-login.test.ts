import { describe, expect, it } from 'vitest';
import { adminLoginInputSchema, clientLoginInputSchema, unlockInputSchema } from '#shared/schemas/auth.ts';

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

describe('adminLoginInputSchema and unlockInputSchema', () => {
  it('names the missing field in French', () => {
    expect(messages(adminLoginInputSchema.safeParse({ username: '', password: 'x' }))).toEqual([
      "Le nom d'utilisateur est requis",
    ]);
    expect(messages(adminLoginInputSchema.safeParse({ username: '   ', password: 'x' }))).toEqual([
      "Le nom d'utilisateur est requis",
    ]);
    expect(messages(adminLoginInputSchema.safeParse({ username: 'staff', password: '' }))).toEqual([
      'Le mot de passe est requis',
    ]);
    expect(messages(unlockInputSchema.safeParse({}))).toEqual(['Le code secret est requis']);
    expect(adminLoginInputSchema.parse({ username: ' staff ', password: 'x' }).username).toBe('staff');
  });
});
