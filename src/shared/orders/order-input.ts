import { z } from '#shared/common/zod.ts';
import { PLAN_IDS } from '#shared/plans.ts';
import { ORDER_ENTRY_METHODS, ORDER_ENTRY_STATUSES, PAYMENT_STATUSES } from '#shared/billing/payment-labels.ts';
import {
  email,
  isoDate,
  isPrintable,
  LONG_TEXT_MAX,
  longTextMessage,
  optionalText,
  text,
  UNPRINTABLE_MESSAGE,
} from '#shared/common/fields.ts';
import { newPassword, passwordWeakness } from '#shared/security/password-rules.ts';

export const USERNAME_RULE = /^[a-zA-Z0-9._-]{3,40}$/;

const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

export const orderInputSchema = z
  .object({
    clientName: text(1, 'Le nom du client est requis', 120),
    clientEmail: email('Email invalide'),
    clientPhone: optionalText(30),
    username: optionalText(40).refine((u) => u === '' || USERNAME_RULE.test(u), {
      message: "Nom d'utilisateur : 3 à 40 lettres, chiffres, points, tirets ou soulignés",
    }),
    /** Empty: the server generates one. Typed by staff: the rule of a password a person chooses (not trimmed). */
    password: z
      .string({ error: 'Ce champ doit être un texte' })
      .optional()
      .default('')
      .superRefine((p, ctx) => {
        if (p === '') return;
        for (const issue of newPassword.safeParse(p).error?.issues ?? [])
          ctx.addIssue({ code: 'custom', message: issue.message });
      }),
    /** For an existing client: replace the password only when staff ask for it. */
    updatePassword: z.boolean().optional().default(false),
    plan: z.enum(PLAN_IDS, { error: 'Plan invalide' }),
    paymentMethod: z.enum(ORDER_ENTRY_METHODS, { error: 'Moyen de paiement invalide' }),
    paymentStatus: z.enum(ORDER_ENTRY_STATUSES, { error: 'Statut de paiement invalide' }),
    orderDate: isoDate,
    notes: optionalText(LONG_TEXT_MAX),
  })
  .refine((o) => o.password === '' || o.username !== '', {
    message: "Un mot de passe nécessite un nom d'utilisateur",
    path: ['username'],
  })
  // Runs before the e-mail is known to be valid (see `when`): a body from a tool may hold anything there.
  .refine(
    (o) => !o.password || !passwordWeakness(o.password, { username: o.username, email: textOrNull(o.clientEmail) }),
    {
      message: 'Le mot de passe ne doit contenir ni l’identifiant ni l’adresse e-mail du client',
      path: ['password'],
      // Shown as soon as the username and the password are valid, even while other fields are not yet filled in.
      when: (payload) => !payload.issues.some((i) => ['password', 'username'].includes(String(i.path?.[0]))),
    },
  );
export type OrderInput = z.input<typeof orderInputSchema>;
export type OrderValues = z.output<typeof orderInputSchema>;

export const orderUpdateInputSchema = z
  .object({
    paymentStatus: z.enum(PAYMENT_STATUSES, { error: 'Statut de paiement invalide' }).optional(),
    // No default here: a PATCH that only changes the status must leave the notes alone.
    notes: z
      .string({ error: 'Ce champ doit être un texte' })
      .trim()
      .max(LONG_TEXT_MAX, longTextMessage())
      .refine(isPrintable, UNPRINTABLE_MESSAGE)
      .optional(),
  })
  .refine((o) => o.paymentStatus !== undefined || o.notes !== undefined, { message: 'Aucune modification' });
export type OrderUpdate = z.output<typeof orderUpdateInputSchema>;
