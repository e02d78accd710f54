import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionsEnded } from '#shared/staff/staff-api.ts';
import type { StaffRole } from '#shared/staff/staff-labels.ts';
import type { StaffChangePasswordInput, StaffMemberCreateValues, StaffMemberDto } from '#shared/staff/staff-members.ts';
import { api } from '#client/lib/api.ts';
import { adminKeys } from '#client/pages/admin/api/queries.ts';

function useStaffMemberMutation<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: adminKeys.team }) });
}

export const useCreateMember = () =>
  useStaffMemberMutation((input: StaffMemberCreateValues) =>
    api<StaffMemberDto>('/api/admin/team', { method: 'POST', json: input }),
  );

export const useUpdateMember = () =>
  useStaffMemberMutation(({ id, ...patch }: { id: number; role?: StaffRole; disabled?: boolean }) =>
    api<StaffMemberDto>(`/api/admin/team/${id}`, { method: 'PATCH', json: patch }),
  );

export const useSendPasswordLink = () =>
  useStaffMemberMutation((id: number) => api<{ ok: true }>(`/api/admin/team/${id}/password-link`, { method: 'POST' }));

export const useEndMemberSessions = () =>
  useStaffMemberMutation((id: number) => api<SessionsEnded>(`/api/admin/team/${id}/sessions`, { method: 'DELETE' }));

/** « Mon mot de passe »: the other sessions end, so « Mes sessions » is read afresh. */
export function useChangeOwnPassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: StaffChangePasswordInput) =>
      api<SessionsEnded>('/api/admin/me/password', { method: 'POST', json: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.sessions }),
  });
}
