import { describe, expect, it } from 'vitest';
import { CGV_REQUIRED } from '#shared/orders/order-consent.ts';
import { registrationInputSchema } from './registration.ts';
import { PLAN_IDS } from '#shared/plans.ts';
import { REGISTRATION_DEVICE_TYPES } from '#shared/devices/device-labels.ts';
import { VALID_REGISTRATION as valid, fieldMessages } from '#shared/common/test-inputs.ts';

const errorsFor = (field: keyof typeof valid, value: unknown) =>
  fieldMessages(registrationInputSchema, valid, field, value);

describe('registrationInputSchema', () => {
  it('accepts a complete registration', () => {
    // the express request, absent, reads as not asked
    expect(registrationInputSchema.parse(valid)).toEqual({ ...valid, expressStart: false });
  });

  it('gives every field its French message of SPEC §5 when the body is empty', () => {
    const result = registrationInputSchema.safeParse({});
    expect(result.success).toBe(false);
    const byField = Object.fromEntries(result.error!.issues.map((i) => [i.path[0], i.message]));
    expect(byField).toEqual({
      firstName: 'Le prénom doit contenir au moins 2 caractères',
      lastName: 'Le nom doit contenir au moins 2 caractères',
      email: 'Adresse email invalide',
      phone: 'Numéro de téléphone invalide',
      planId: 'Veuillez sélectionner un plan',
      deviceType: "Veuillez sélectionner le type d'appareil",
      deviceInfo: 'Veuillez décrire votre appareil (marque, modèle, etc.)',
      acceptCgv: CGV_REQUIRED,
    });
  });

  it.each([
    ['firstName', 'J', 'Le prénom doit contenir au moins 2 caractères'],
    ['firstName', '  J  ', 'Le prénom doit contenir au moins 2 caractères'],
    ['firstName', 42, 'Le prénom doit contenir au moins 2 caractères'],
    ['lastName', 'D', 'Le nom doit contenir au moins 2 caractères'],
    ['lastName', '', 'Le nom doit contenir au moins 2 caractères'],
    ['email', 'jeanne', 'Adresse email invalide'],
    ['email', 'jeanne@exemple', 'Adresse email invalide'],
    ['email', '@exemple.fr', 'Adresse email invalide'],
    ['phone', '06 12 34', 'Numéro de téléphone invalide'],
    ['phone', 'abcdefghijkl', 'Numéro de téléphone invalide'],
    ['phone', '----------', 'Numéro de téléphone invalide'],
    ['planId', '', 'Veuillez sélectionner un plan'],
    ['planId', 'premium', 'Veuillez sélectionner un plan'],
    ['planId', 'PRO', 'Veuillez sélectionner un plan'],
    ['deviceType', '', "Veuillez sélectionner le type d'appareil"],
    ['deviceType', 'android', "Veuillez sélectionner le type d'appareil"],
    ['deviceInfo', 'Mac', 'Veuillez décrire votre appareil (marque, modèle, etc.)'],
    ['deviceInfo', '       ', 'Veuillez décrire votre appareil (marque, modèle, etc.)'],
  ] as const)('%s = %j → « %s »', (field, value, message) => {
    expect(errorsFor(field, value)).toEqual([message]);
  });

  it.each(['0612345678', '06 12 34 56 78', '06.12.34.56.78', '+33 6 12 34 56 78', '+33 (0)6 12-34-56-78'])(
    'accepts the phone %j',
    (phone) => {
      expect(errorsFor('phone', phone)).toEqual([]);
    },
  );

  it('accepts every plan of the catalogue and every device type', () => {
    for (const planId of PLAN_IDS) expect(errorsFor('planId', planId)).toEqual([]);
    for (const deviceType of REGISTRATION_DEVICE_TYPES) expect(errorsFor('deviceType', deviceType)).toEqual([]);
  });

  it('trims every text field', () => {
    const out = registrationInputSchema.parse({
      ...valid,
      firstName: '  Jeanne ',
      lastName: ' Dupont  ',
      email: ' jeanne.dupont@exemple.fr ',
      phone: ' 0612345678 ',
      deviceInfo: '  PC Dell 2019  ',
    });
    expect(out).toMatchObject({
      firstName: 'Jeanne',
      lastName: 'Dupont',
      email: 'jeanne.dupont@exemple.fr',
      phone: '0612345678',
      deviceInfo: 'PC Dell 2019',
    });
  });

  it('caps lengths with a French message', () => {
    expect(errorsFor('firstName', 'a'.repeat(101))).toEqual(['Ce champ ne peut pas dépasser 100 caractères']);
    expect(errorsFor('lastName', 'a'.repeat(100))).toEqual([]);
    expect(errorsFor('phone', '0'.repeat(31))).toEqual(['Ce champ ne peut pas dépasser 30 caractères']);
    expect(errorsFor('deviceInfo', 'a'.repeat(1001))).toEqual(['Ce champ ne peut pas dépasser 1000 caractères']);
    expect(errorsFor('email', `${'a'.repeat(250)}@exemple.fr`)).toEqual(['Adresse email invalide']);
  });

  it('drops unknown fields', () => {
    const out = registrationInputSchema.parse({ ...valid, status: 'replied', isAdmin: true });
    expect(out).not.toHaveProperty('status');
    expect(out).not.toHaveProperty('isAdmin');
  });
});
