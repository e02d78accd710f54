// The end of a request on the client's side: closing it (POST /api/client/interventions/:id/close) and rating it
// (PUT /api/client/interventions/:id/rating); staff read the rating on each request and per month
// (GET /api/admin/interventions/ratings). The same schema checks the star form and the server.
import { z } from '#shared/common/zod.ts';
import { isPrintable, UNPRINTABLE_MESSAGE } from '#shared/common/fields.ts';
import type { InterventionStatus } from './intervention-labels.ts';

export const RATING_COMMENT_MAX = 1000;
export const STARS = [1, 2, 3, 4, 5] as const;
const STARS_REQUIRED = 'Choisissez une note de 1 à 5 étoiles';

/** PUT …/rating: 1 to 5 stars and an optional comment. */
export const ratingInputSchema = z.object({
  stars: z.number({ error: STARS_REQUIRED }).int(STARS_REQUIRED).min(1, STARS_REQUIRED).max(5, STARS_REQUIRED),
  comment: z
    .string({ error: 'Commentaire invalide' })
    .trim()
    .max(RATING_COMMENT_MAX, `Le commentaire ne peut pas dépasser ${RATING_COMMENT_MAX} caractères`)
    .refine(isPrintable, UNPRINTABLE_MESSAGE)
    .default(''),
});
export type RatingInput = z.input<typeof ratingInputSchema>;

/** A request's rating as both sides read it; changedAt is set once the client changed their first rating. */
export const interventionRatingSchema = z.object({
  stars: z.number().int(),
  comment: z.string(),
  ratedAt: z.string(),
  changedAt: z.string().nullable(),
});
export type InterventionRating = z.infer<typeof interventionRatingSchema>;

/**
 * The client's « close my request » rule. Staff alone move a request along INTERVENTION_TRANSITIONS; the client may
 * only end it: a request nobody has taken in charge yet (pending) is cancelled (« Je n'ai plus besoin d'aide », and it
 * no longer counts in the month's allowance); one in progress is marked resolved (completed), which opens the rating.
 * A completed or cancelled request is already closed (409).
 */
export function clientCloseOutcome(status: InterventionStatus): 'completed' | 'cancelled' | null {
  if (status === 'pending') return 'cancelled';
  if (status === 'in_progress') return 'completed';
  return null;
}

/** Only a completed request can be rated: the rating says how the help went. */
export const canRate = (status: InterventionStatus) => status === 'completed';

export const ALREADY_CLOSED = 'Cette demande est déjà close.';
export const RATING_NOT_YET = 'Vous pourrez donner votre avis une fois la demande terminée.';

/** GET /api/admin/interventions/ratings: per month (Paris) of the request, how many ratings and their average. */
export const ratingStatsSchema = z.array(z.object({ month: z.string(), count: z.number().int(), average: z.number() }));
export type RatingStats = z.infer<typeof ratingStatsSchema>;

/** POST …/close: the request's new status. */
export const closedInterventionSchema = z.object({ id: z.number().int(), status: z.enum(['completed', 'cancelled']) });

/** « 4,5 » : the French decimal comma, one digit. */
export const formatStars = (n: number) =>
  n.toLocaleString('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
