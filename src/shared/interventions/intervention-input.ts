import { z } from '#shared/common/zod.ts';
import { isPrintable, LONG_TEXT_MAX, longTextMessage, UNPRINTABLE_MESSAGE } from '#shared/common/fields.ts';
import { CLIENT_DEVICE_TYPES } from '#shared/devices/device-labels.ts';
import { URGENCIES } from './intervention-labels.ts';
import { MAX_ID } from '#shared/common/query.ts';

const missing = 'Veuillez remplir tous les champs';

/** One of the client's covered devices (services/devices/): what every request names from now on. */
export const interventionDeviceId = z
  .number({ error: 'Choisissez l’appareil concerné' })
  .int('Choisissez l’appareil concerné')
  .positive('Choisissez l’appareil concerné')
  .max(MAX_ID, 'Choisissez l’appareil concerné');

const description = z
  .string({ error: missing })
  .trim()
  .min(1, missing)
  .max(LONG_TEXT_MAX, longTextMessage('La description'))
  .refine(isPrintable, UNPRINTABLE_MESSAGE);
const urgency = z.enum(URGENCIES, { error: missing });

/**
 * POST /api/client/interventions: `deviceId` names one of the client's devices; callers from before devices send
 * `deviceType` and `deviceInfo` instead (both then required).
 */
export const clientInterventionInputSchema = z
  .object({
    description,
    urgency,
    deviceId: interventionDeviceId.optional(),
    deviceType: z.enum(CLIENT_DEVICE_TYPES, { error: missing }).optional(),
    deviceInfo: z
      .string({ error: missing })
      .trim()
      .min(1, missing)
      .max(500, 'La description de l’appareil ne peut pas dépasser 500 caractères')
      .refine(isPrintable, UNPRINTABLE_MESSAGE)
      .optional(),
  })
  .superRefine(
    (input, ctx) => {
      if (input.deviceId !== undefined) return;
      if (input.deviceType === undefined) ctx.addIssue({ code: 'custom', path: ['deviceType'], message: missing });
      if (input.deviceInfo === undefined) ctx.addIssue({ code: 'custom', path: ['deviceInfo'], message: missing });
      // Also beside the other fields' errors, so that an empty form shows every message at once.
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
export type ClientInterventionInput = z.input<typeof clientInterventionInputSchema>;

/**
 * POST /api/admin/interventions: staff open a request on a client's behalf (a phone call), for one of that client's
 * devices, even one whose proof is awaited or refused; the fields are the client-area form's.
 */
export const staffInterventionInputSchema = z.object({
  clientId: z
    .number({ error: 'Client invalide' })
    .int('Client invalide')
    .positive('Client invalide')
    .max(2_147_483_647, 'Client invalide'),
  deviceId: interventionDeviceId,
  description,
  urgency,
});
export type StaffInterventionInput = z.input<typeof staffInterventionInputSchema>;
