import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminInterventionDto, interventionUpdateInputSchema } from '../../../../shared/admin-api';
import { api } from '../../../lib/api';
import { adminKeys } from '../api/queries';

export type InterventionUpdate = z.input<typeof interventionUpdateInputSchema>;

export function useUpdateIntervention(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: InterventionUpdate) => api<AdminInterventionDto>(`/api/admin/interventions/${id}`, { method: 'PATCH', json: patch }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.interventions }),
  });
}
