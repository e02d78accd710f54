import { z } from './zod';
import { isPrintable, LONG_TEXT_MAX, longTextMessage, UNPRINTABLE_MESSAGE } from './common';
import { CLIENT_DEVICE_TYPES, URGENCIES } from '../labels';

const missing = 'Veuillez remplir tous les champs';

export const clientInterventionInputSchema = z.object({
  description: z.string({ error: missing }).trim().min(1, missing).max(LONG_TEXT_MAX, longTextMessage('La description')).refine(isPrintable, UNPRINTABLE_MESSAGE),
  urgency: z.enum(URGENCIES, { error: missing }),
  deviceType: z.enum(CLIENT_DEVICE_TYPES, { error: missing }),
  deviceInfo: z.string({ error: missing }).trim().min(1, missing).max(500, 'La description de l’appareil ne peut pas dépasser 500 caractères').refine(isPrintable, UNPRINTABLE_MESSAGE),
});
export type ClientInterventionInput = z.input<typeof clientInterventionInputSchema>;
