import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffSession } from '#shared/staff/staff-api.ts';
import { api } from '#client/lib/api.ts';
import { twoFactorKeys } from '#client/pages/admin/two-factor/two-factor-api.ts';
import { adminKeys, sessionQueryOptions } from './queries.ts';
import { signOutLocally } from './query-client.ts';

export function useStaffSession() {
  return useQuery(sessionQueryOptions);
}

// Signing in (password, then code) lives in two-factor/two-factor-api.ts.

export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    meta: { session: true },
    mutationFn: () => api<unknown>('/api/admin/logout', { method: 'POST' }),
    // Signed out locally whatever the server says: the staff asked to leave.
    onSettled: () => signOutLocally(client),
  });
}

export function useUnlock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api<StaffSession>('/api/admin/unlock', { method: 'POST', json: { code } }),
    onSuccess: (session) => {
      client.setQueryData(adminKeys.session, session);
      // Typed in a session opened with a second factor, the code makes that factor open the tab from then on.
      void client.invalidateQueries({ queryKey: twoFactorKeys.own });
    },
  });
}
