import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '#client/lib/api.ts';
import { notify } from '#client/lib/notify.tsx';
import { adminKeys } from './queries.ts';

const isUnauthorized = (error: unknown) => error instanceof ApiRequestError && error.status === 401;

/** Removes every cached admin list and marks the staff as signed out: the page falls back to the sign-in form. */
export function signOutLocally(client: QueryClient) {
  client.removeQueries({ queryKey: adminKeys.data });
  client.setQueryData(adminKeys.session, null);
}

/** Whether « Session expirée » was shown since the last sign-in: several lists may fail together, one toast is enough. */
const expiredNoticeShown = new WeakSet<QueryClient>();

/** The session has ended (a 401, or the live stream refused and the session read as gone): told once, then signed out. */
export function sessionExpired(client: QueryClient) {
  if (!expiredNoticeShown.has(client) && client.getQueryData(adminKeys.session)) {
    expiredNoticeShown.add(client);
    notify('error', 'Session expirée', 'Veuillez vous reconnecter.');
  }
  signOutLocally(client);
}

/**
 * The back-office's own client (the landing page never downloads TanStack Query).
 * docs/specification.md §9: data never stale, no refetch on focus, no retry. A 401 from any call means the session
 * expired.
 */
export function createAdminQueryClient(): QueryClient {
  const onError = (error: unknown, isSessionCall: boolean) => {
    if (isUnauthorized(error) && !isSessionCall) sessionExpired(queryClient);
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.queryKey[1] === 'session') }),
    mutationCache: new MutationCache({
      onError: (error, _v, _c, mutation) => onError(error, mutation.options.meta?.session === true),
    }),
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
  // A fresh sign-in may show the notice again next time.
  queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryKey[1] === 'session' && event.type === 'updated' && event.query.state.data)
      expiredNoticeShown.delete(queryClient);
  });
  return queryClient;
}
