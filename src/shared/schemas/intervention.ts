import { z } from './zod';
import { isPrintable, UNPRINTABLE_MESSAGE } from './common';
import { CLIENT_DEVICE_TYPES, URGENCIES } from '../labels';

const missing = 'Veuillez remplir tous les champs';

export const clientInterventionSchema = z.object({
  description: z.string({ error: missing }).trim().min(1, missing).max(2000, 'La description ne peut pas dépasser 2000 caractères').refine(isPrintable, UNPRINTABLE_MESSAGE),
  urgency: z.enum(URGENCIES, { error: missing }),
  deviceType: z.enum(CLIENT_DEVICE_TYPES, { error: missing }),
  deviceInfo: z.string({ error: missing }).trim().min(1, missing).max(500, 'La description de l’appareil ne peut pas dépasser 500 caractères').refine(isPrintable, UNPRINTABLE_MESSAGE),
});
export type ClientInterventionInput = z.input<typeof clientInterventionSchema>;
