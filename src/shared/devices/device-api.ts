import { z } from '#shared/common/zod.ts';
import { isPrintable, UNPRINTABLE_MESSAGE } from '#shared/common/fields.ts';
import { DEVICE_STATUSES, REGISTRATION_DEVICE_TYPES } from './device-labels.ts';

// The devices a subscription covers and their proofs of ownership (docs/decisions/036): one contract for the
// client area, the back-office and the server's routes.

/** A proof is a photo or a PDF of 10 MB at most; its type is read from its content, never from its name. */
export const PROOF_MAX_BYTES = 10 * 1024 * 1024;
/** The proof's request as sent: the file and its multipart framing; a longer Content-Length is refused unread. */
export const PROOF_UPLOAD_MAX_BYTES = PROOF_MAX_BYTES + 64 * 1024;
/** What the file input offers: a phone opens its camera or its gallery. */
export const PROOF_ACCEPT = 'image/*,application/pdf';
export const PROOF_TYPE_MESSAGE =
  'Ce fichier n’est ni une photo ni un PDF : envoyez une photo (JPEG, PNG) ou un PDF de votre facture.';
export const PROOF_EMPTY_MESSAGE = 'Ce fichier est vide : choisissez à nouveau la photo ou le PDF de votre facture.';
export const PROOF_TOO_BIG_MESSAGE =
  'Ce fichier dépasse 10 Mo : envoyez une photo moins lourde ou un PDF de votre facture.';
/** How many proofs one device may hold while it waits for staff's decision. */
export const PROOFS_AWAITING_MAX = 3;
export const PROOFS_AWAITING_MESSAGE = `Vous avez déjà envoyé ${PROOFS_AWAITING_MAX} justificatifs pour cet appareil : l’équipe les examine et vous répond par e-mail. Attendez sa réponse avant d’en envoyer un autre.`;
const megabytes = (bytes: number) => (bytes / 1024 / 1024).toLocaleString('fr-FR', { maximumFractionDigits: 1 });
/** The 413 of a proof that does not fit in the client's room for proofs (PROOF_QUOTA_MB). */
export const proofQuotaMessage = (usedBytes: number, quotaBytes: number) =>
  `Vos justificatifs occupent déjà ${megabytes(usedBytes)} Mo sur les ${megabytes(quotaBytes)} Mo prévus pour votre compte : ` +
  'envoyez une photo plus légère ou un PDF de votre facture, ou attendez que l’équipe ait vérifié vos appareils (les justificatifs sont ensuite effacés). Besoin d’aide ? Contactez-nous.';
/**
 * What staff may look at in the back-office without downloading it (GET /api/admin/device-proofs/:id?inline=1): the
 * types read from a proof's content at upload. Anything else is always a download.
 */
export const PROOF_INLINE_TYPES: readonly string[] = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
];
/** GET /api/admin/device-proofs/:id: a download by default (the contract); `?inline=1` to view an image or a PDF. */
export const proofFileQuery = z.object({
  inline: z.enum(['1'], { error: 'Paramètre inline invalide : « 1 » ou rien' }).optional(),
});

/**
 * The header the proof upload requires: a cross-site form cannot send it, and a cross-site fetch with it needs a
 * preflight the server never answers (docs/decisions/015).
 */
export const UPLOAD_HEADER = 'x-rfs-upload';
/** Assistance is refused on a device whose proof is awaited or refused (the registration page promises it). */
export const DEVICE_BLOCKED_MESSAGE =
  'L’assistance pour cet appareil reste bloquée tant que son justificatif n’a pas été vérifié.';

const missing = 'Veuillez remplir tous les champs';

/** POST /api/client/devices: the registration's device fields. */
export const deviceInputSchema = z.object({
  deviceType: z.enum(REGISTRATION_DEVICE_TYPES, { error: 'Veuillez sélectionner le type d’appareil' }),
  deviceInfo: z
    .string({ error: missing })
    .trim()
    .min(2, 'Décrivez votre appareil (marque, modèle)')
    .max(500, 'La description de l’appareil ne peut pas dépasser 500 caractères')
    .refine(isPrintable, UNPRINTABLE_MESSAGE),
});
export type DeviceInput = z.input<typeof deviceInputSchema>;

const proofSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  uploadedAt: z.string(),
});

/** GET /api/client/devices: each device as its owner sees it. */
export const deviceSchema = z.object({
  id: z.number().int(),
  deviceType: z.enum(REGISTRATION_DEVICE_TYPES),
  deviceInfo: z.string(),
  status: z.enum(DEVICE_STATUSES),
  proofRequested: z.boolean(),
  /** what staff asked for with the proof request */
  proofMessage: z.string().nullable(),
  proofs: z.array(proofSchema),
  refusalReason: z.string().nullable(),
  /** assistance on this device is refused until its proof is verified */
  blocked: z.boolean(),
  /** in use and within the running plan's maxDevices; false: « hors formule » after a plan change to fewer devices */
  covered: z.boolean(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  retiredAt: z.string().nullable(),
});
export type Device = z.infer<typeof deviceSchema>;

/** GET /api/admin/devices?status=…&clientId=…: with the client it belongs to (and `covered` as the client reads it). */
export const adminDeviceSchema = deviceSchema.extend({
  clientId: z.number().int(),
  clientName: z.string(),
  clientEmail: z.string(),
  proofs: z.array(proofSchema.extend({ mimeType: z.string() })),
  decidedBy: z.string().nullable(),
});
export type AdminDevice = z.infer<typeof adminDeviceSchema>;

/** « to-check »: devices with a proof uploaded and no decision yet (the back-office's list of proofs to check). */
export const adminDeviceQuery = z.object({
  status: z.enum([...DEVICE_STATUSES, 'to-check'], { error: 'Statut invalide' }).optional(),
  clientId: z.coerce
    .number<number>({ error: 'Client invalide' })
    .int('Client invalide')
    .positive('Client invalide')
    .max(2_147_483_647, 'Client invalide')
    .optional(),
  /** the customer's page: customers are grouped by e-mail */
  email: z
    .string({ error: 'E-mail invalide' })
    .trim()
    .max(320, 'E-mail invalide')
    .refine(isPrintable, 'E-mail invalide')
    .optional(),
});
export type AdminDeviceQuery = z.input<typeof adminDeviceQuery>;

const staffText = (empty: string, subject: string) =>
  z
    .string({ error: empty })
    .trim()
    .min(3, empty)
    .max(500, `${subject} ne peut pas dépasser 500 caractères`)
    .refine(isPrintable, UNPRINTABLE_MESSAGE);

/** POST /api/admin/devices/:id/request-proof: what the client should send (e-mailed to them). */
export const proofRequestInputSchema = z.object({
  message: staffText('Indiquez quel justificatif vous attendez (il est envoyé au client)', 'Le message'),
});

/** POST /api/admin/devices/:id/refuse */
export const deviceRefusalInputSchema = z.object({
  reason: staffText('Indiquez la raison du refus (elle est envoyée au client)', 'La raison'),
});

/** GET/PUT /api/admin/device-settings (admins): « justificatif obligatoire pour tout nouvel appareil ». */
export const deviceSettingsInputSchema = z.object({ proofRequired: z.boolean({ error: 'Valeur invalide' }) });
export const deviceSettingsSchema = deviceSettingsInputSchema.strict();
export type DeviceSettings = z.infer<typeof deviceSettingsSchema>;
