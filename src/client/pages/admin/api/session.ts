import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffSession } from '../../../../shared/admin-api';
import type { AdminLoginInput } from '../../../../shared/schemas/auth';
import { api } from '../../../lib/api';
import { adminKeys, sessionQuery } from './queries';
import { signOutLocally } from './query-client';

export function useStaffSession() {
  return useQuery(sessionQuery);
}

export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    // meta.session: a 401 here is a wrong password, not an expired session.
    meta: { session: true },
    mutationFn: (input: AdminLoginInput) => api<StaffSession>('/api/admin/login', { method: 'POST', json: input }),
    onSuccess: (session) => client.setQueryData(adminKeys.session, session),
  });
}

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
    onSuccess: (session) => client.setQueryData(adminKeys.session, session),
  });
}
