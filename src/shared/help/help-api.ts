// The help centre's public contract: the search everyone calls, and what readers answer under an article.
import { z } from '#shared/common/zod.ts';
import { isPrintable } from '#shared/common/fields.ts';
import { HELP_CATEGORIES } from './help-labels.ts';
import { SLUG_MAX, SLUG_PATTERN } from './slug.ts';

/** The search answers this many articles; the request forms and the chat bot show the first HELP_SUGGESTIONS. */
export const HELP_SEARCH_LIMIT = 5;

/** `GET /api/help/search?q=…`: `asked=1` when a person asked it (the chat bot), so a miss is kept for staff. */
export const helpSearchQuery = z.object({
  q: z
    .string({ error: 'Recherche invalide' })
    .trim()
    .max(200, 'Recherche trop longue')
    .refine(isPrintable, 'Recherche invalide')
    .default(''),
  asked: z.enum(['1']).optional(),
});

/** What the search answers while someone types (the request forms' suggestions, the chat bot): no snippet, none shows. */
export const helpSearchResultSchema = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  category: z.enum(HELP_CATEGORIES),
});
export type HelpSearchResult = z.infer<typeof helpSearchResultSchema>;

/** A snippet of the body: its parts in order, the words found marked. */
export type SnippetPart = { text: string; found: boolean };
/** A result of /aide's search box, with the snippet its page shows. */
export type HelpSearchHit = HelpSearchResult & { snippet: SnippetPart[] };

export const helpSlugParams = z.object({
  slug: z.string().max(SLUG_MAX, 'Article introuvable').regex(SLUG_PATTERN, 'Article introuvable'),
});

/** `POST /api/client/help/solved`: a suggested article answered the client's question; no request was sent. */
export const helpSolvedInputSchema = z.object({ slug: helpSlugParams.shape.slug });

/** `POST /api/help/articles/:slug/feedback`: « Cet article vous a-t-il aidé ? Oui / Non ». */
export const helpFeedbackInputSchema = z.object({ answer: z.enum(['yes', 'no'], { error: 'Réponse invalide' }) });
