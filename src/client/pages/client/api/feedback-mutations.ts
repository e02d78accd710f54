import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InterventionRating, RatingInput } from '#shared/interventions/rating-api.ts';
import { api } from '#client/lib/api.ts';
import { clientKeys } from './queries.ts';

/** « Annuler ma demande » / « Mon problème est résolu » (POST …/close): both lists and the month's allowance change. */
export function useCloseIntervention(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<{ id: number; status: 'completed' | 'cancelled' }>(`/api/client/interventions/${id}/close`, {
        method: 'POST',
      }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: clientKeys.interventions }),
        client.invalidateQueries({ queryKey: clientKeys.subscription }),
      ]),
  });
}

/** « Envoyer mon avis » (PUT …/rating): giving it again changes it. */
export function useRateIntervention(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RatingInput) =>
      api<InterventionRating>(`/api/client/interventions/${id}/rating`, { method: 'PUT', json: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: clientKeys.interventions }),
  });
}
