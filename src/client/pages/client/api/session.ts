import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '#client/lib/api.ts';
import { sessionQueryOptions } from './queries.ts';

/** The signed-in client (GET /api/auth/user): data is null without a session. The one session hook of the client area. */
export function useClientSession() {
  return useQuery(sessionQueryOptions);
}

/**
 * The client area's « Déconnexion » button (docs/specification.md §7 POST /api/client/logout); the dashboard's is a
 * navigation to /api/logout.
 */
export function useClientLogout() {
  return useMutation({
    meta: { session: true },
    mutationFn: () => api<unknown>('/api/client/logout', { method: 'POST' }),
  });
}
