import { z } from 'zod';
import { PLAN_IDS } from '../plans';
import { REGISTRATION_DEVICE_TYPES } from '../labels';
import { email, text } from './common';

export const registrationSchema = z.object({
  firstName: text(2, 'Le prénom doit contenir au moins 2 caractères', 100),
  lastName: text(2, 'Le nom doit contenir au moins 2 caractères', 100),
  email: email('Adresse email invalide'),
  phone: text(10, 'Numéro de téléphone invalide', 30).regex(/^[0-9+().\s-]+$/, 'Numéro de téléphone invalide'),
  planId: z.enum(PLAN_IDS, { error: 'Veuillez sélectionner un plan' }),
  deviceType: z.enum(REGISTRATION_DEVICE_TYPES, { error: "Veuillez sélectionner le type d'appareil" }),
  deviceInfo: text(5, 'Veuillez décrire votre appareil (marque, modèle, etc.)', 1000),
});
export type RegistrationInput = z.input<typeof registrationSchema>;
export type Registration = z.output<typeof registrationSchema>;
