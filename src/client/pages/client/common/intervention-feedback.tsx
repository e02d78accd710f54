import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2 } from 'lucide-react';
import type { InterventionStatus } from '#shared/interventions/intervention-labels.ts';
import { formatDate } from '#shared/format.ts';
import {
  canRate,
  clientCloseOutcome,
  ratingInputSchema,
  RATING_COMMENT_MAX,
  type InterventionRating,
  type RatingInput,
} from '#shared/interventions/rating-api.ts';
import { Button, SubmitButton } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { TextAreaField } from '#client/components/ui/field.tsx';
import { StarInput, StarsDisplay } from '#client/components/rating/stars.tsx';
import { ApiRequestError, serverMessage } from '#client/lib/api.ts';
import { applyFieldErrors } from '#client/lib/form-errors.ts';
import { notify } from '#client/lib/notify.tsx';
import { useCloseIntervention, useRateIntervention } from '#client/pages/client/api/feedback-mutations.ts';

type Request = { id: number; status: InterventionStatus; rating: InterventionRating | null };

/** Under each request of both client views: close it while it is open, rate it once completed. */
export function InterventionFeedback({ request }: { request: Request }) {
  if (clientCloseOutcome(request.status)) return <CloseIntervention request={request} />;
  if (canRate(request.status)) return <Rating request={request} />;
  return null;
}

// The wording of shared/rating-api.ts's rule: waiting → cancelled, in progress → resolved (completed).
const CLOSE_TEXTS = {
  cancelled: {
    button: 'Je n’ai plus besoin d’aide',
    title: 'Annuler cette demande ?',
    description:
      'Aucun technicien ne l’a encore prise en charge : elle sera annulée et ne comptera pas dans les interventions de votre mois.',
    confirm: 'Annuler ma demande',
    done: 'Demande annulée',
  },
  completed: {
    button: 'Mon problème est résolu',
    title: 'Marquer la demande comme résolue ?',
    description: 'Elle sera close et marquée « Terminée ». Vous pourrez ensuite nous donner votre avis.',
    confirm: 'Oui, c’est résolu',
    done: 'Demande terminée : merci ! Donnez-nous votre avis ci-dessous.',
  },
} as const;

function CloseIntervention({ request }: { request: Request }) {
  const [open, setOpen] = useState(false);
  const close = useCloseIntervention(request.id);
  const texts = CLOSE_TEXTS[clientCloseOutcome(request.status)!];
  return (
    <div className="mt-4 border-t border-slate-100 pt-3">
      <Button variant="secondary" className="w-full sm:w-auto" disabled={close.isPending} onClick={() => setOpen(true)}>
        {close.isPending ? 'Un instant…' : texts.button}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={texts.title}
        description={texts.description}
        confirmLabel={texts.confirm}
        cancelLabel="Retour"
        onConfirm={() =>
          close.mutate(undefined, {
            onSuccess: () => void notify('success', texts.done),
            onError: (error) => {
              if (error instanceof ApiRequestError && error.status === 401) return;
              void notify(
                'error',
                'Erreur',
                serverMessage(error, 'La demande n’a pas pu être close. Réessayez dans un instant.'),
              );
            },
          })
        }
      />
    </div>
  );
}

function Rating({ request }: { request: Request }) {
  const [editing, setEditing] = useState(false);
  const { rating } = request;
  if (rating && !editing) {
    return (
      <div className="mt-4 rounded-lg bg-amber-50 px-3 py-3 ring-1 ring-inset ring-amber-200" data-testid="my-rating">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-800">
          <CheckCircle2 aria-hidden="true" className="h-4 w-4 text-emerald-700" />
          <span className="font-medium">Votre avis</span>
          <StarsDisplay stars={rating.stars} />
          <span className="text-slate-600">le {formatDate(rating.changedAt ?? rating.ratedAt)}</span>
        </p>
        {rating.comment && (
          <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-800">{`«\u00a0${rating.comment}\u00a0»`}</p>
        )}
        <Button variant="ghost" className="mt-1 -ml-4" onClick={() => setEditing(true)}>
          Modifier mon avis
        </Button>
      </div>
    );
  }
  return (
    <RatingForm
      request={request}
      onDone={() => setEditing(false)}
      onCancel={rating ? () => setEditing(false) : undefined}
    />
  );
}

const FIELDS = ['stars', 'comment'] as const;

function RatingForm({ request, onDone, onCancel }: { request: Request; onDone(): void; onCancel?: () => void }) {
  const rate = useRateIntervention(request.id);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RatingInput>({
    resolver: zodResolver(ratingInputSchema),
    defaultValues: { stars: request.rating?.stars, comment: request.rating?.comment ?? '' },
  });
  const onSubmit = handleSubmit((values) =>
    rate.mutate(values, {
      onSuccess: () => {
        void notify('success', 'Merci pour votre avis !', 'Il aide notre équipe à mieux vous servir.');
        onDone();
      },
      onError: (error) => {
        if (error instanceof ApiRequestError && error.status === 401) return;
        if (!applyFieldErrors(error, setError, FIELDS))
          void notify('error', 'Erreur', serverMessage(error, 'Votre avis n’a pas pu être envoyé.'));
      },
    }),
  );
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={`Votre avis sur la demande n° ${request.id}`}
      className="mt-4 space-y-3 rounded-lg bg-slate-50 px-3 py-3 ring-1 ring-inset ring-slate-200"
    >
      <Controller
        control={control}
        name="stars"
        render={({ field }) => (
          <StarInput
            ref={field.ref}
            name={`stars-${request.id}`}
            legend="Comment s’est passée l’intervention ?"
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.stars?.message}
          />
        )}
      />
      <TextAreaField
        label="Un commentaire (facultatif)"
        rows={3}
        maxLength={RATING_COMMENT_MAX}
        placeholder="Par exemple : technicien patient, tout fonctionne"
        error={errors.comment?.message}
        {...register('comment')}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            Annuler
          </Button>
        )}
        <SubmitButton disabled={rate.isPending}>{rate.isPending ? 'Envoi…' : 'Envoyer mon avis'}</SubmitButton>
      </div>
    </form>
  );
}
