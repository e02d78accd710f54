// What staff write in « Aide » and what they read back: the articles, what readers made of them, the searches that
// found nothing.
import { z } from '#shared/common/zod.ts';
import { isPrintable, UNPRINTABLE_MESSAGE } from '#shared/common/fields.ts';
import { HELP_CATEGORIES, HELP_STATUSES } from './help-labels.ts';
import { SLUG_MAX, SLUG_PATTERN } from './slug.ts';

/** The longest body an article may have: a long how-to is a few thousand characters. */
const HELP_BODY_MAX = 20_000;

const words = (min: number, max: number, label: string) =>
  z
    .string({ error: `${label} est obligatoire` })
    .trim()
    .min(min, min > 1 ? `${label} doit faire au moins ${min} caractères` : `${label} est obligatoire`)
    .max(max, `${label} ne peut pas dépasser ${max} caractères`)
    .refine(isPrintable, UNPRINTABLE_MESSAGE);

/** What staff write (`POST /api/admin/help/articles`, `PATCH …/:id`); a technician's article stays a draft. */
export const helpArticleInputSchema = z.object({
  title: words(5, 120, 'Le titre'),
  summary: words(10, 300, 'Le résumé'),
  body: words(20, HELP_BODY_MAX, 'Le texte'),
  category: z.enum(HELP_CATEGORIES, { error: 'Choisissez un thème' }),
  slug: z
    .string({ error: 'Adresse invalide' })
    .trim()
    .max(SLUG_MAX, `L’adresse ne peut pas dépasser ${SLUG_MAX} caractères`)
    .regex(SLUG_PATTERN, 'L’adresse ne contient que des lettres minuscules sans accent, des chiffres et des tirets')
    .or(z.literal(''))
    .optional()
    .transform((s) => s || undefined),
  status: z.enum(HELP_STATUSES, { error: 'État invalide' }).default('draft'),
});
// The status without its default: a change that does not name it keeps the article's (a published one stays online).
export const helpArticlePatchSchema = helpArticleInputSchema
  .extend({ status: z.enum(HELP_STATUSES, { error: 'État invalide' }) })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, {
    message: 'Rien à modifier',
  });

/** An article as staff see it: its text, its state, and what readers made of it. */
export const helpArticleSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  body: z.string(),
  category: z.enum(HELP_CATEGORIES),
  status: z.enum(HELP_STATUSES),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  views: z.number().int(),
  yes: z.number().int(),
  no: z.number().int(),
  solved: z.number().int(),
});
export type HelpArticleDto = z.infer<typeof helpArticleSchema>;

/** `POST /api/admin/help/preview`: the body as the public page will show it. */
export const helpPreviewInputSchema = z.object({ body: z.string().max(HELP_BODY_MAX, 'Texte trop long') });
export const helpPreviewSchema = z.object({ html: z.string() });

/** A search that found nothing, most frequent first (`GET /api/admin/help/failed-searches`). */
export const failedSearchSchema = z.object({ query: z.string(), count: z.number().int(), lastAt: z.string() });
export type FailedSearchDto = z.infer<typeof failedSearchSchema>;
