import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AdminInterventionDto,
  interventionAssignInputSchema,
  interventionUpdateInputSchema,
} from '#shared/interventions/intervention-api.ts';
import type { StaffInterventionInput } from '#shared/interventions/intervention-input.ts';
import { api } from '#client/lib/api.ts';
import { adminKeys } from '#client/pages/admin/api/queries.ts';

export type InterventionUpdate = z.input<typeof interventionUpdateInputSchema>;

export function useUpdateIntervention(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: InterventionUpdate) =>
      api<AdminInterventionDto>(`/api/admin/interventions/${id}`, { method: 'PATCH', json: patch }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.interventions }),
  });
}

/** Gives the request to a member, or to nobody (null); the server decides who may (admins, or a technician taking a free one). */
export function useAssignIntervention(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (staffId: number | null) =>
      api<AdminInterventionDto>(`/api/admin/interventions/${id}/assignee`, {
        method: 'PUT',
        json: { staffId } satisfies z.input<typeof interventionAssignInputSchema>,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.interventions }),
  });
}

/** A request opened on a client's behalf (POST /api/admin/interventions): the interventions list shows it at once. */
export function useOpenIntervention() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: StaffInterventionInput) =>
      api<AdminInterventionDto>('/api/admin/interventions', { method: 'POST', json: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.interventions }),
  });
}
