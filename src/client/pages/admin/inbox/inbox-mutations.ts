import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ErasureConfirmed, RefusalInput, RegistrationValidated, InboxItemDto } from '#shared/inbox/inbox-api.ts';
import type { InboxStatus } from '#shared/inbox/inbox-labels.ts';
import { api } from '#client/lib/api.ts';
import { adminKeys } from '#client/pages/admin/api/queries.ts';

export function useUpdateInboxStatus(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (status: InboxStatus) =>
      api<InboxItemDto>(`/api/admin/contacts/${id}`, { method: 'PATCH', json: { status } }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.inbox }),
  });
}

/** Turns a registration into a client account; the credentials come back once (and are e-mailed by the server). */
export function useValidateRegistration(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<RegistrationValidated>(`/api/admin/contacts/${id}/validate`, { method: 'POST' }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.inbox }),
        client.invalidateQueries({ queryKey: adminKeys.customers }),
      ]),
  });
}

/** Anonymises the client of an erasure request: names change in every list, so every back-office list reloads. */
export function useConfirmErasure(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<ErasureConfirmed>(`/api/admin/contacts/${id}/erase`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.data }),
  });
}

/**
 * « Refuser » a registration or (admins) an erasure request: it closes with its reason and the person is e-mailed
 * (the message shows in « Courriels »).
 */
export function useRefuseInboxItem(r: Pick<InboxItemDto, 'id' | 'kind'>) {
  const client = useQueryClient();
  const url =
    r.kind === 'erasure' ? `/api/admin/contacts/${r.id}/erasure/refuse` : `/api/admin/contacts/${r.id}/refuse`;
  return useMutation({
    mutationFn: (body: RefusalInput) => api<InboxItemDto>(url, { method: 'POST', json: body }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.inbox }),
        client.invalidateQueries({ queryKey: adminKeys.outbox }),
      ]),
  });
}
