import { describe, expect, it } from 'vitest';
import { adminLoginInputSchema, unlockInputSchema } from './staff-login.ts';

const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? [] : [...new Set(result.error!.issues.map((i) => i.message))];

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
