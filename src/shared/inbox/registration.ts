import { z } from '#shared/common/zod.ts';
import { PLAN_IDS } from '#shared/plans.ts';
import { REGISTRATION_DEVICE_TYPES } from '#shared/devices/device-labels.ts';
import { email, text } from '#shared/common/fields.ts';
import { orderConsentFields } from '#shared/orders/order-consent.ts';

/**
 * At least 10 characters (docs/specification.md §5) of digits and usual separators, with at least 9 digits (short
 * foreign numbers). One check, so the field shows one message.
 */
function phone(message: string) {
  return z
    .string({ error: message })
    .trim()
    .max(30, 'Ce champ ne peut pas dépasser 30 caractères')
    .refine((s) => s.length >= 10 && /^[0-9+().\s-]+$/.test(s) && s.replace(/\D/g, '').length >= 9, message);
}

export const registrationInputSchema = z.object({
  firstName: text(2, 'Le prénom doit contenir au moins 2 caractères', 100),
  lastName: text(2, 'Le nom doit contenir au moins 2 caractères', 100),
  email: email('Adresse email invalide'),
  phone: phone('Numéro de téléphone invalide'),
  planId: z.enum(PLAN_IDS, { error: 'Veuillez sélectionner un plan' }),
  deviceType: z.enum(REGISTRATION_DEVICE_TYPES, { error: "Veuillez sélectionner le type d'appareil" }),
  deviceInfo: text(5, 'Veuillez décrire votre appareil (marque, modèle, etc.)', 1000),
  ...orderConsentFields,
});
export type RegistrationInput = z.input<typeof registrationInputSchema>;
export type Registration = z.output<typeof registrationInputSchema>;
