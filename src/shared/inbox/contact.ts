import { z } from '#shared/common/zod.ts';
import { email, optionalText, text } from '#shared/common/fields.ts';

export const contactInputSchema = z.object({
  name: text(2, 'Le nom doit contenir au moins 2 caractères', 100),
  email: email('Adresse email invalide'),
  subject: optionalText(200),
  message: text(10, 'Le message doit contenir au moins 10 caractères', 5000),
  captchaToken: z
    .string({ error: 'Veuillez recharger la question de sécurité' })
    .min(1, 'Veuillez recharger la question de sécurité')
    .max(500),
  captchaAnswer: z
    .string({ error: 'Veuillez répondre à la question de sécurité' })
    .trim()
    .min(1, 'Veuillez répondre à la question de sécurité')
    .max(10, 'Réponse incorrecte'),
});
export type ContactInput = z.input<typeof contactInputSchema>;

/** GET /api/contact/captcha: a signed question, answered in the form. */
export const captchaChallengeSchema = z.object({ token: z.string(), question: z.string() });
export type CaptchaChallenge = z.infer<typeof captchaChallengeSchema>;

/** POST /api/contact → 201 */
export const contactSentSchema = z.object({ id: z.number().int(), message: z.string() });
