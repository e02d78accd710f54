import { describe, expect, it } from 'vitest';
import { orderInputSchema, orderUpdateInputSchema } from './order-input.ts';
import { ORDER_ENTRY_METHODS, ORDER_ENTRY_STATUSES, PAYMENT_STATUSES } from '#shared/billing/payment-labels.ts';
import { PLAN_IDS } from '#shared/plans.ts';
import { fieldMessages } from '#shared/common/test-inputs.ts';

const valid = {
  clientName: 'Jeanne Dupont',
  clientEmail: 'jeanne@exemple.fr',
  plan: 'pro',
  paymentMethod: 'carte',
  paymentStatus: 'paid',
  orderDate: '2025-01-17',
};

const errorsFor = (field: string, value: unknown, base: Record<string, unknown> = valid) =>
  fieldMessages(orderInputSchema, base, field, value);

describe('orderInputSchema', () => {
  it('fills the optional fields with their defaults', () => {
    expect(orderInputSchema.parse(valid)).toEqual({
      ...valid,
      clientPhone: '',
      username: '',
      password: '',
      notes: '',
      updatePassword: false,
    });
  });

  it('an e-mail that is not text, beside a password, is the e-mail’s error, not a crash of the password check', () => {
    const withPassword = { ...valid, username: 'jdupont', password: 'Azur-Passerelle-2026' };
    for (const clientEmail of [42, null, { a: 1 }, ['x@exemple.fr']])
      expect(fieldMessages(orderInputSchema, withPassword, 'clientEmail', clientEmail)).toEqual(['Email invalide']);
  });

  it('gives the French messages of SPEC §5 when the body is empty', () => {
    const result = orderInputSchema.safeParse({});
    const byField = Object.fromEntries(result.error!.issues.map((i) => [i.path[0], i.message]));
    expect(byField).toEqual({
      clientName: 'Le nom du client est requis',
      clientEmail: 'Email invalide',
      plan: 'Plan invalide',
      paymentMethod: 'Moyen de paiement invalide',
      paymentStatus: 'Statut de paiement invalide',
      orderDate: 'Date invalide',
    });
  });

  it.each([
    ['clientName', '', 'Le nom du client est requis'],
    ['clientName', '    ', 'Le nom du client est requis'],
    ['clientEmail', 'jeanne@', 'Email invalide'],
    ['plan', 'premium', 'Plan invalide'],
    ['paymentMethod', 'paypal', 'Moyen de paiement invalide'],
    ['paymentStatus', 'refunded', 'Statut de paiement invalide'],
    ['orderDate', '17/01/2025', 'Date invalide'],
    ['orderDate', '2025-02-30', 'Date invalide'],
    ['orderDate', '0000-01-01', 'Date invalide'],
    ['orderDate', '1899-12-31', 'Date invalide'],
    ['orderDate', '3000-01-01', 'Date invalide'],
    ['orderDate', '+02025-01-01', 'Date invalide'],
    ['username', 'ab', "Nom d'utilisateur : 3 à 40 lettres, chiffres, points, tirets ou soulignés"],
    ['username', 'jean dupont', "Nom d'utilisateur : 3 à 40 lettres, chiffres, points, tirets ou soulignés"],
  ] as const)('%s = %j → « %s »', (field, value, message) => {
    expect(errorsFor(field, value)).toEqual([message]);
  });

  it('accepts the first and last day of the years a date may take', () => {
    expect(errorsFor('orderDate', '1900-01-01')).toEqual([]);
    expect(errorsFor('orderDate', '2999-12-31')).toEqual([]);
  });

  it('accepts each plan, payment method and payment status', () => {
    for (const plan of PLAN_IDS) expect(errorsFor('plan', plan)).toEqual([]);
    for (const method of ORDER_ENTRY_METHODS) expect(errorsFor('paymentMethod', method)).toEqual([]);
    for (const status of ORDER_ENTRY_STATUSES) expect(errorsFor('paymentStatus', status)).toEqual([]);
    // only a credit note cancels or refunds an order
    for (const status of ['refunded', 'cancelled'])
      expect(errorsFor('paymentStatus', status)).toEqual(['Statut de paiement invalide']);
    // only the payment provider's confirmation records an online card payment
    expect(errorsFor('paymentMethod', 'carte_en_ligne')).toEqual(['Moyen de paiement invalide']);
  });

  it('wants a typed password of 12 characters and a username to go with it', () => {
    expect(errorsFor('password', 'court-11chr', { ...valid, username: 'jeanne.d' })).toEqual([
      'Le mot de passe doit contenir au moins 12 caractères',
    ]);
    expect(errorsFor('password', 'a'.repeat(201), { ...valid, username: 'jeanne.d' })).toEqual([
      'Le mot de passe ne peut pas dépasser 200 caractères',
    ]);
    const orphan = orderInputSchema.safeParse({ ...valid, password: 'motdepasse-long' });
    expect(orphan.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['username', "Un mot de passe nécessite un nom d'utilisateur"],
    ]);
    expect(orderInputSchema.safeParse({ ...valid, username: 'jeanne.d', password: 'motdepasse-long' }).success).toBe(
      true,
    );
    // Kept as typed: spaces around a password are part of it.
    expect(orderInputSchema.parse({ ...valid, username: 'jeanne.d', password: ' motdepasse-long ' }).password).toBe(
      ' motdepasse-long ',
    );
  });

  it.each([
    ['the username', 'Jeanne.D-2026-xyz'],
    ['the e-mail before the @', 'mon-JEANNE-secret'],
  ])('refuses a typed password containing %s, with a message for staff', (_what, password) => {
    expect(errorsFor('password', password, { ...valid, username: 'jeanne.d' })).toEqual([
      'Le mot de passe ne doit contenir ni l’identifiant ni l’adresse e-mail du client',
    ]);
  });

  it('says so even while another field is still empty', () => {
    const result = orderInputSchema.safeParse({
      ...valid,
      plan: undefined,
      clientEmail: '',
      username: 'jeanne.d',
      password: 'jeanne.d-123456',
    });
    expect(result.error?.issues.map((i) => i.path[0])).toEqual(['clientEmail', 'plan', 'password']);
  });

  it('trims and caps text', () => {
    expect(orderInputSchema.parse({ ...valid, clientName: '  Jeanne  ', notes: '  payé en deux fois ' })).toMatchObject(
      { clientName: 'Jeanne', notes: 'payé en deux fois' },
    );
    expect(errorsFor('clientName', 'a'.repeat(121))).toEqual(['Ce champ ne peut pas dépasser 120 caractères']);
    expect(errorsFor('notes', 'a'.repeat(2001))).toEqual(['Ce champ ne peut pas dépasser 2000 caractères']);
  });
});

describe('orderUpdateInputSchema', () => {
  it('needs at least one change', () => {
    expect(orderUpdateInputSchema.safeParse({}).error?.issues[0]?.message).toBe('Aucune modification');
    expect(orderUpdateInputSchema.parse({ paymentStatus: 'paid' })).toEqual({ paymentStatus: 'paid' });
    expect(orderUpdateInputSchema.safeParse({ paymentStatus: 'rembourse' }).error?.issues[0]?.message).toBe(
      'Statut de paiement invalide',
    );
    for (const status of PAYMENT_STATUSES)
      expect(orderUpdateInputSchema.safeParse({ paymentStatus: status }).success).toBe(true);
  });

  it('leaves the notes out of a status-only change (so they are not wiped)', () => {
    expect(orderUpdateInputSchema.parse({ paymentStatus: 'pending' })).not.toHaveProperty('notes');
    expect(orderUpdateInputSchema.parse({ notes: '  rappeler lundi ' })).toEqual({ notes: 'rappeler lundi' });
    expect(orderUpdateInputSchema.parse({ notes: '' })).toEqual({ notes: '' });
  });
});
