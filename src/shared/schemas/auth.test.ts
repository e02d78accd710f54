import { describe, expect, it } from 'vitest';
import { adminLoginSchema, clientLoginSchema, unlockSchema } from './auth';

const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? [] : [...new Set(result.error!.issues.map((i) => i.message))];

describe('clientLoginSchema', () => {
  it('accepts a username or an e-mail in `email`, trimmed', () => {
    expect(clientLoginSchema.parse({ email: '  jeanne.d ', password: 'secret' })).toEqual({ email: 'jeanne.d', password: 'secret' });
    expect(clientLoginSchema.parse({ email: 'jeanne@exemple.fr', password: 'secret' }).email).toBe('jeanne@exemple.fr');
  });

  it.each([
    [{}],
    [{ email: '', password: '' }],
    [{ email: 'jeanne', password: '' }],
    [{ email: '', password: 'secret' }],
    [{ email: '    ', password: 'secret' }],
  ])('%j → « Veuillez remplir tous les champs »', (input) => {
    expect(messages(clientLoginSchema.safeParse(input))).toEqual(['Veuillez remplir tous les champs']);
  });

  it('keeps the password exactly as typed (spaces are part of it)', () => {
    expect(clientLoginSchema.parse({ email: 'jeanne', password: ' a b ' }).password).toBe(' a b ');
  });

  it('refuses absurdly long values', () => {
    expect(clientLoginSchema.safeParse({ email: 'a'.repeat(201), password: 'x' }).success).toBe(false);
  });
});

describe('adminLoginSchema and unlockSchema', () => {
  it('names the missing field in French', () => {
    expect(messages(adminLoginSchema.safeParse({ username: '', password: 'x' }))).toEqual(["Le nom d'utilisateur est requis"]);
    expect(messages(adminLoginSchema.safeParse({ username: '   ', password: 'x' }))).toEqual(["Le nom d'utilisateur est requis"]);
    expect(messages(adminLoginSchema.safeParse({ username: 'staff', password: '' }))).toEqual(['Le mot de passe est requis']);
    expect(messages(unlockSchema.safeParse({}))).toEqual(['Le code secret est requis']);
    expect(adminLoginSchema.parse({ username: ' staff ', password: 'x' }).username).toBe('staff');
  });
});
