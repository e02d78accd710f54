import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffSession } from '#shared/staff/staff-api.ts';
import type { AdminLoginInput } from '#shared/staff/staff-login.ts';
import type {
  EnrolledLogin,
  RecoveryCodesDto,
  SecuritySettings,
  StaffLoginAnswer,
  TwoFactorSetupDto,
  TwoFactorStatusDto,
} from '#shared/staff/two-factor.ts';
import { api } from '#client/lib/api.ts';
import { adminKeys } from '#client/pages/admin/api/queries.ts';

// Under ['admin', 'data'] like every other back-office read, so « Actualiser » and a sign-out reach them too.
export const twoFactorKeys = {
  own: [...adminKeys.data, 'two-factor'] as const,
  security: [...adminKeys.data, 'security'] as const,
};

export const ownTwoFactorQueryOptions = queryOptions({
  queryKey: twoFactorKeys.own,
  queryFn: () => api<TwoFactorStatusDto>('/api/admin/me/two-factor'),
});

export const securityQueryOptions = queryOptions({
  queryKey: twoFactorKeys.security,
  queryFn: () => api<SecuritySettings>('/api/admin/security'),
});

/** The password step: a session, or the code (or enrolment) step still to go. */
export function usePasswordStep() {
  const client = useQueryClient();
  return useMutation({
    // meta.session: a 401 here is a wrong password, not an expired session.
    meta: { session: true },
    mutationFn: (input: AdminLoginInput) => api<StaffLoginAnswer>('/api/admin/login', { method: 'POST', json: input }),
    onSuccess: (answer) => {
      if (!('step' in answer)) client.setQueryData(adminKeys.session, answer);
    },
  });
}

export function useCodeStep() {
  const client = useQueryClient();
  return useMutation({
    meta: { session: true },
    mutationFn: (input: { challenge: string; code: string }) =>
      api<StaffSession>('/api/admin/login/code', { method: 'POST', json: input }),
    onSuccess: (session) => client.setQueryData(adminKeys.session, session),
  });
}

export const useLoginEnrolSetup = () =>
  useMutation({
    meta: { session: true },
    mutationFn: (challenge: string) =>
      api<TwoFactorSetupDto>('/api/admin/login/enrol', { method: 'POST', json: { challenge } }),
  });

/** The session is opened on the server here, but shown only once the member has noted the recovery codes. */
export const useLoginEnrolConfirm = () =>
  useMutation({
    meta: { session: true },
    mutationFn: (input: { challenge: string; code: string }) =>
      api<EnrolledLogin>('/api/admin/login/enrol/confirm', { method: 'POST', json: input }),
  });

function useOwnMutation<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: twoFactorKeys.own }) });
}

export const useSetupTwoFactor = () =>
  useOwnMutation((password: string) =>
    api<TwoFactorSetupDto>('/api/admin/me/two-factor/setup', { method: 'POST', json: { password } }),
  );
export const useConfirmTwoFactor = () =>
  useOwnMutation((code: string) =>
    api<RecoveryCodesDto>('/api/admin/me/two-factor/confirm', { method: 'POST', json: { code } }),
  );
export const useRenewRecoveryCodes = () =>
  useOwnMutation((code: string) =>
    api<RecoveryCodesDto>('/api/admin/me/two-factor/recovery-codes', { method: 'POST', json: { code } }),
  );
export const useDisableTwoFactor = () =>
  useOwnMutation((code: string) =>
    api<TwoFactorStatusDto>('/api/admin/me/two-factor/disable', { method: 'POST', json: { code } }),
  );

export function useUpdateSecurity() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: SecuritySettings) =>
      api<SecuritySettings>('/api/admin/security', { method: 'PUT', json: settings }),
    onSuccess: (settings) => client.setQueryData(twoFactorKeys.security, settings),
    onSettled: () => client.invalidateQueries({ queryKey: twoFactorKeys.own }),
  });
}

export function useResetMemberTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ ok: true }>(`/api/admin/team/${id}/two-factor`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.team }),
  });
}
