// The « Équipe » tab and a staff member's own password: one schema each for the form and the server.
import { z } from '#shared/common/zod.ts';
import { STAFF_ROLES } from './staff-labels.ts';
import { email, isPrintable, UNPRINTABLE_MESSAGE } from '#shared/common/fields.ts';
import { newPassword } from '#shared/security/password-rules.ts';
import { dutyHoursSchema } from './duty-hours.ts';

/** A used, expired, replaced or unknown link (400 LINK_INVALID on POST /api/admin/set-password). */
export const STAFF_LINK_INVALID =
  'Ce lien n’est plus valable (déjà utilisé, expiré ou remplacé). Demandez un nouveau lien à un administrateur.';

/** How long a « choose your password » link sent to a staff member stays valid. */
export const STAFF_PASSWORD_LINK_HOURS = 48;

const staffUsername = z
  .string({ error: 'L’identifiant est requis' })
  .trim()
  .toLowerCase()
  .min(3, 'L’identifiant doit contenir au moins 3 caractères')
  .max(40, 'L’identifiant ne peut pas dépasser 40 caractères')
  .regex(
    /^[a-z0-9][a-z0-9._-]*$/,
    'L’identifiant ne peut contenir que des lettres sans accent, des chiffres, « . », « _ » et « - »',
  );

const role = z.enum(STAFF_ROLES, { error: 'Rôle invalide' });

/** What clients read on a request the member handles (« Pris en charge par Julien »); empty: « l’équipe ». */
const firstName = z
  .string({ error: 'Prénom invalide' })
  .trim()
  .max(40, 'Le prénom ne peut pas dépasser 40 caractères')
  .refine(isPrintable, UNPRINTABLE_MESSAGE)
  .transform((v) => v || null);

/** POST /api/admin/team → 201 TeamMemberDto; the member receives a link to choose their password. */
export const staffMemberCreateInputSchema = z.object({
  username: staffUsername,
  email: email('Adresse e-mail invalide'),
  role,
  firstName: firstName.nullable().optional(),
});
export type StaffMemberCreateInput = z.input<typeof staffMemberCreateInputSchema>;
export type StaffMemberCreateValues = z.output<typeof staffMemberCreateInputSchema>;

/** PATCH /api/admin/team/:id: change the role, disable (sessions end at once) or re-enable. */
export const staffMemberUpdateInputSchema = z.object({
  role: role.optional(),
  disabled: z.boolean({ error: 'Valeur invalide' }).optional(),
  firstName: firstName.nullable().optional(),
});

/** POST /api/admin/set-password (outside the session: the link's token is the proof). */
export const staffSetPasswordInputSchema = z.object({
  token: z.string({ error: 'Lien invalide' }).min(20, 'Lien invalide').max(200, 'Lien invalide'),
  newPassword,
});

/** POST /api/admin/me/password: the current password is required; every other session of the member ends. */
export const staffChangePasswordInputSchema = z.object({
  currentPassword: z
    .string({ error: 'Le mot de passe actuel est requis' })
    .min(1, 'Le mot de passe actuel est requis')
    .max(200),
  newPassword,
});
export type StaffChangePasswordInput = z.input<typeof staffChangePasswordInputSchema>;

/** GET /api/admin/team (admins only): every member, enabled first. */
export const staffMemberSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string().nullable(),
  email: z.string().nullable(),
  role: z.enum(STAFF_ROLES),
  disabled: z.boolean(),
  /** two-factor sign-in is on for this member */
  twoFactor: z.boolean(),
  /** when the member is on duty for response warnings (shared/staff/duty-hours.ts); null: the plans' support hours */
  dutyHours: dutyHoursSchema.shape.hours,
  /** sessions open right now */
  openSessions: z.number().int(),
  /** the latest activity of any of their sessions */
  lastSeenAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffMemberDto = z.infer<typeof staffMemberSchema>;

/** POST /api/admin/set-password: whose password the link set (the page then offers to sign in). */
export const passwordSetInputSchema = z.object({ username: z.string() });
