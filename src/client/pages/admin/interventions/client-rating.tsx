import { Star } from 'lucide-react';
import { formatDateTime } from '#shared/format.ts';
import type { InterventionRating } from '#shared/interventions/rating-api.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { StarsDisplay } from '#client/components/rating/stars.tsx';

// 1–2 stars is a client to call back: red; 3 amber; 4–5 green.
const tone = (stars: number) => (stars <= 2 ? 'red' : stars === 3 ? 'amber' : 'green');

/** In the card's header, beside the status: the note at a glance. */
export function RatingBadge({ rating }: { rating: InterventionRating | null }) {
  if (!rating) return null;
  return (
    <Badge tone={tone(rating.stars)}>
      <Star aria-hidden="true" className="mr-1 h-3 w-3 fill-current" />
      <span className="sr-only">Avis du client : </span>
      {rating.stars}/5
    </Badge>
  );
}

/** In the card's body: the stars, the comment and when it was given (or changed). */
export function ClientRating({ rating }: { rating: InterventionRating | null }) {
  if (!rating) return null;
  const when = rating.changedAt
    ? `modifié le ${formatDateTime(rating.changedAt)}`
    : `le ${formatDateTime(rating.ratedAt)}`;
  return (
    <figure
      className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm ring-1 ring-inset ring-amber-200"
      data-testid="client-rating"
    >
      <figcaption className="flex flex-wrap items-center gap-x-2 gap-y-1 text-slate-800">
        <span className="font-medium">Avis du client</span>
        <StarsDisplay stars={rating.stars} size="sm" />
        <span className="text-xs text-slate-600">{when}</span>
      </figcaption>
      {rating.comment ? (
        <blockquote className="mt-1 whitespace-pre-line break-words text-slate-900">{`«\u00a0${rating.comment}\u00a0»`}</blockquote>
      ) : (
        <p className="mt-1 text-slate-600">Sans commentaire</p>
      )}
    </figure>
  );
}
