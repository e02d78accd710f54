// The help centre's categories, an article's states, and what a reader may answer.

export const HELP_CATEGORIES = [
  'windows',
  'mac',
  'internet',
  'imprimantes',
  'messagerie',
  'securite',
  'sauvegarde',
  'abonnement',
] as const;
export type HelpCategory = (typeof HELP_CATEGORIES)[number];

/** A draft is seen by staff only; a published article is on /aide, in the sitemap and in the search. */
export const HELP_STATUSES = ['draft', 'published'] as const;

/**
 * What a reader tells of an article: « Oui » or « Non » under it, or « Cela a résolu mon problème » when it was
 * suggested while they wrote a request (a question answered without a technician).
 */
export const HELP_ANSWERS = ['yes', 'no', 'solved'] as const;
export type HelpAnswer = (typeof HELP_ANSWERS)[number];
