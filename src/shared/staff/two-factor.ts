// Two-factor sign-in for staff (TOTP, RFC 6238): one schema each for the forms and the server.
import { z } from '#shared/common/zod.ts';
import { staffSessionSchema } from './staff-api.ts';

export const RECOVERY_CODE_COUNT = 10;

/** Said for every failed code step, whatever failed (wrong code, replayed code, used recovery code, expired step). */
export const SECOND_FACTOR_REFUSED =
  'Code incorrect, déjà utilisé ou expiré. Saisissez le prochain code de votre application (ou un autre code de secours), ou reconnectez-vous.';
export const ENROL_CODE_REFUSED =
  'Code incorrect. Vérifiez que l’heure de votre téléphone est juste, puis saisissez le code affiché maintenant.';

/** Spaces and dashes are dropped: « 123 456 » and « abcd-efgh-… » are typed as they are shown. */
const codeText = (message: string) =>
  z
    .string({ error: message })
    .transform((s) => s.replace(/[\s-]/g, '').toLowerCase())
    .pipe(z.string().min(1, message).max(40, message));

/** A 6-digit code from the authenticator app. */
const totpCode = z
  .string({ error: 'Saisissez le code à 6 chiffres' })
  .transform((s) => s.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Saisissez le code à 6 chiffres affiché par votre application'));

/** The login token that stands between the password step and the code step (never a session). */
const challenge = z.string({ error: 'Reconnectez-vous' }).min(20, 'Reconnectez-vous').max(200, 'Reconnectez-vous');

/** POST /api/admin/login/code: a 6-digit code or one recovery code. */
export const loginCodeInputSchema = z.object({
  challenge,
  code: codeText('Saisissez le code de votre application ou un code de secours'),
});

/** POST /api/admin/login/enrol (forced enrolment, before any session). */
export const loginEnrolInputSchema = z.object({ challenge });
/** POST /api/admin/login/enrol/confirm */
export const loginEnrolConfirmInputSchema = z.object({ challenge, code: totpCode });

/** POST /api/admin/me/two-factor/setup: the password again, so a borrowed session cannot enrol someone else's phone. */
export const twoFactorSetupInputSchema = z.object({
  password: z.string({ error: 'Le mot de passe est requis' }).min(1, 'Le mot de passe est requis').max(200),
});

/** POST /api/admin/me/two-factor/confirm, DELETE /api/admin/me/two-factor, POST …/recovery-codes */
export const twoFactorCodeInputSchema = z.object({ code: totpCode });

/** PUT /api/admin/security (admins) */
export const securitySettingsSchema = z.object({ requireTwoFactor: z.boolean({ error: 'Valeur invalide' }) });
export type SecuritySettings = z.output<typeof securitySettingsSchema>;

/** The password was right; the session opens after the next step. */
const secondStepSchema = z.object({ step: z.enum(['code', 'enrol']), challenge: z.string() });
export type SecondStep = z.infer<typeof secondStepSchema>;
/** POST /api/admin/login: the session, or the step still to go. */
export const staffLoginAnswerSchema = z.union([staffSessionSchema, secondStepSchema]);
export type StaffLoginAnswer = z.infer<typeof staffLoginAnswerSchema>;

/** What an authenticator app needs: the QR code (an SVG data URL) or the secret typed by hand. */
export const twoFactorSetupDtoSchema = z.object({ secret: z.string(), otpauthUrl: z.string(), qrCode: z.string() });
export type TwoFactorSetupDto = z.infer<typeof twoFactorSetupDtoSchema>;

/** Shown once, right after enrolment or a new set; only their hashes are kept. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesDto = z.infer<typeof recoveryCodesSchema>;

/** POST /api/admin/login/enrol/confirm: the session opens with the codes to note. */
export const enrolledLoginSchema = recoveryCodesSchema.extend({ session: staffSessionSchema });
export type EnrolledLogin = z.infer<typeof enrolledLoginSchema>;

/** GET /api/admin/me/two-factor */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** an admin requires it for everyone: it cannot be turned off */
  required: z.boolean(),
  /** the active factor opens the download tab without the secret code (docs/decisions/009) */
  opensDownload: z.boolean(),
  /** this session was opened with a second factor (with `opensDownload`, the download tab needs no secret code) */
  sessionSecondFactor: z.boolean(),
});
export type TwoFactorStatusDto = z.infer<typeof twoFactorStatusSchema>;
