import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffMemberDto } from '#shared/staff/staff-members.ts';
import type { WeekHours } from '#shared/staff/duty-hours.ts';
import { api } from '#client/lib/api.ts';
import { adminKeys } from '#client/pages/admin/api/queries.ts';

type OwnHours = { hours: WeekHours | null };
const ownKey = ['admin', 'data', 'duty-hours'] as const;

/** « Mes horaires »: the signed-in member's own hours. */
export const ownDutyHoursQueryOptions = queryOptions({
  queryKey: ownKey,
  queryFn: () => api<OwnHours>('/api/admin/me/duty-hours'),
});

/** An admin sets a member's hours in « Équipe »; the member's own dialog reads them afresh. */
export function useSetMemberDutyHours() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hours }: { id: number; hours: WeekHours | null }) =>
      api<StaffMemberDto>(`/api/admin/team/${id}/duty-hours`, { method: 'PUT', json: { hours } }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.team }),
        client.invalidateQueries({ queryKey: ownKey }),
      ]),
  });
}

export function useSetOwnDutyHours() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (hours: WeekHours | null) =>
      api<OwnHours>('/api/admin/me/duty-hours', { method: 'PUT', json: { hours } }),
    onSuccess: (answer) => client.setQueryData(ownKey, answer),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.team }),
  });
}
