import { useState, type ReactNode } from 'react';
import {
  MutationCache,
  QueryCache,
  QueryClient,
  QueryClientProvider,
  hydrate,
  type DehydratedState,
} from '@tanstack/react-query';
import { ApiRequestError, serverMessage } from '#client/lib/api.ts';
import { useViewer } from '#client/lib/viewer.tsx';
import { clientKeys } from './queries.ts';
import { ACTION_UNAUTHORIZED, sendToLogin } from './unauthorized.ts';

const isUnauthorized = (error: unknown) => error instanceof ApiRequestError && error.status === 401;

/**
 * The client area's own QueryClient (the landing page never downloads TanStack Query).
 * docs/specification.md §9: data never stale, no refetch on focus, no retry. A 401 from any call but the session means
 * the session ended: the visitor is told and sent to sign in; the session query itself resolves to null and the page
 * decides.
 */
export function createClientQueryClient(state?: unknown): QueryClient {
  const client = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isUnauthorized(error) && query.queryKey[1] !== clientKeys.session[1]) sendToLogin();
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _v, _c, mutation) => {
        // meta.session: a 401 there is a wrong current password or a failed sign-in, not an ended session.
        if (!isUnauthorized(error) || mutation.options.meta?.session === true) return;
        // meta.unauthorizedTitle: the action's own toast title, over the server's sentence (docs/specification.md §8,
        // for a subscription).
        const title = mutation.options.meta?.unauthorizedTitle;
        if (typeof title === 'string') sendToLogin(serverMessage(error, ACTION_UNAUTHORIZED), title);
        else sendToLogin(ACTION_UNAUTHORIZED);
      },
    }),
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
  if (state) hydrate(client, state as DehydratedState);
  return client;
}

// In the browser one client lives as long as the visitor's session in this tab: a sign-in or sign-out (a new epoch)
// starts an empty one, so nobody sees the previous person's data. The server's data only fills the first one.
let browserClient: { epoch: number; client: QueryClient } | undefined;

function clientForEpoch(epoch: number, state: unknown): QueryClient {
  if (browserClient?.epoch !== epoch) {
    browserClient = { epoch, client: createClientQueryClient(epoch === 0 ? state : undefined) };
  }
  return browserClient.client;
}

/** Wraps each client-area page; on the server a client per render, filled with what the server fetched. */
export function ClientAreaProvider({ children }: { children: ReactNode }) {
  const { epoch, clientState } = useViewer();
  const [serverClient] = useState(() => (typeof window === 'undefined' ? createClientQueryClient(clientState) : null));
  const client = serverClient ?? clientForEpoch(epoch, clientState);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
