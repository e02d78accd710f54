import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ClientIntervention,
  UserIntervention,
  dashboardInterventionInputSchema,
} from '#shared/interventions/intervention-api.ts';
import type { ClientInterventionInput } from '#shared/interventions/intervention-input.ts';
import type { z } from 'zod';
import { api } from '#client/lib/api.ts';
import { clientKeys } from './queries.ts';

type DashboardIntervention = z.input<typeof dashboardInterventionInputSchema>;

function useInvalidateInterventions() {
  const client = useQueryClient();
  // A new request shows in both lists and uses one of the month's interventions.
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: clientKeys.interventions }),
      client.invalidateQueries({ queryKey: clientKeys.subscription }),
    ]);
}

/** The dashboard's 'Demander une assistance' and 'Session à distance' (POST /api/interventions). */
export function useAskAssistance() {
  const invalidate = useInvalidateInterventions();
  return useMutation({
    mutationFn: (input: DashboardIntervention) =>
      api<UserIntervention>('/api/interventions', { method: 'POST', json: input }),
    onSuccess: invalidate,
  });
}

/** The client area's 'Créer une demande' form (POST /api/client/interventions). */
export function useCreateClientIntervention() {
  const invalidate = useInvalidateInterventions();
  return useMutation({
    mutationFn: (input: ClientInterventionInput) =>
      api<ClientIntervention>('/api/client/interventions', { method: 'POST', json: input }),
    onSuccess: invalidate,
  });
}
