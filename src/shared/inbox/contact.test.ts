import { describe, expect, it } from 'vitest';
import { contactInputSchema } from './contact.ts';
import { fieldMessages } from '#shared/common/test-inputs.ts';

const valid = {
  name: 'Jeanne Dupont',
  email: 'jeanne@exemple.fr',
  subject: 'Question',
  message: 'Bonjour, mon ordinateur est très lent.',
  captchaToken: 'jeton',
  captchaAnswer: '7',
};

const errorsFor = (field: keyof typeof valid, value: unknown) => fieldMessages(contactInputSchema, valid, field, value);

describe('contactInputSchema', () => {
  it('accepts a complete message and trims it', () => {
    expect(contactInputSchema.parse({ ...valid, name: '  Jeanne Dupont ', captchaAnswer: ' 7 ' })).toEqual(valid);
  });

  it('makes the subject optional (empty by default)', () => {
    const { subject: _subject, ...rest } = valid;
    expect(contactInputSchema.parse(rest).subject).toBe('');
  });

  it('gives each field its French message when the body is empty', () => {
    const result = contactInputSchema.safeParse({});
    const byField = Object.fromEntries(result.error!.issues.map((i) => [i.path[0], i.message]));
    expect(byField).toEqual({
      name: 'Le nom doit contenir au moins 2 caractères',
      email: 'Adresse email invalide',
      message: 'Le message doit contenir au moins 10 caractères',
      captchaToken: 'Veuillez recharger la question de sécurité',
      captchaAnswer: 'Veuillez répondre à la question de sécurité',
    });
  });

  it.each([
    ['name', 'J', 'Le nom doit contenir au moins 2 caractères'],
    ['email', 'pas-un-email', 'Adresse email invalide'],
    ['message', 'Trop bref', 'Le message doit contenir au moins 10 caractères'],
    ['message', '   court    ', 'Le message doit contenir au moins 10 caractères'],
    ['captchaToken', '', 'Veuillez recharger la question de sécurité'],
    ['captchaAnswer', '   ', 'Veuillez répondre à la question de sécurité'],
    ['captchaAnswer', '12345678901', 'Réponse incorrecte'],
  ] as const)('%s = %j → « %s »', (field, value, message) => {
    expect(errorsFor(field, value)).toEqual([message]);
  });

  it('caps lengths with a French message', () => {
    expect(errorsFor('name', 'a'.repeat(101))).toEqual(['Ce champ ne peut pas dépasser 100 caractères']);
    expect(errorsFor('subject', 'a'.repeat(201))).toEqual(['Ce champ ne peut pas dépasser 200 caractères']);
    expect(errorsFor('message', 'a'.repeat(5000))).toEqual([]);
    expect(errorsFor('message', 'a'.repeat(5001))).toEqual(['Ce champ ne peut pas dépasser 5000 caractères']);
    expect(errorsFor('subject', 12)).toEqual(['Ce champ doit être un texte']);
  });
});
