import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionsEnded } from '#shared/staff/staff-api.ts';
import { api } from '#client/lib/api.ts';
import { adminKeys } from '#client/pages/admin/api/queries.ts';

/** Ends one of the staff member's sessions (another device), or every other one when `id` is null. */
export function useEndSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number | null) =>
      api<SessionsEnded>(id === null ? '/api/admin/sessions' : `/api/admin/sessions/${id}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.sessions }),
  });
}
