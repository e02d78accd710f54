import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ChangePasswordInput } from '#shared/clients/client-api.ts';
import type { erasureRequestResultSchema } from '#shared/privacy/privacy-api.ts';
import { api } from '#client/lib/api.ts';
import { clientKeys } from './queries.ts';

/** POST /api/client/password: a wrong current password is a 400 on that field; this session stays open. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) =>
      api<{ ok: true }>('/api/client/password', { method: 'POST', json: input }),
  });
}

/** POST /api/client/erasure-request: staff confirm it; nothing changes on the page until they do. */
export function useErasureRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<z.infer<typeof erasureRequestResultSchema>>('/api/client/erasure-request', { method: 'POST' }),
    onSuccess: (result) => client.setQueryData(clientKeys.erasure, result),
  });
}
