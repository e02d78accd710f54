import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AuthUser } from '#shared/clients/client-api.ts';
import type { ClientIntervention, UserIntervention } from '#shared/interventions/intervention-api.ts';
import type { ClientOrder } from '#shared/orders/order-api.ts';
import type { CurrentSubscription } from '#shared/subscriptions/subscription-api.ts';
import type { erasureRequestStatusSchema } from '#shared/privacy/privacy-api.ts';
import { CLIENT_PAGES } from '#shared/clients/client-pages.ts';
import { api, apiList, ApiRequestError } from '#client/lib/api.ts';

/** How many requests a list shows at first; « Afficher plus » adds as many again. */
export const PAGE_SIZE = 5;

// Everything but the session sits under ['client', 'data'], so a sign-out or a mutation can target it in one call.
export const clientKeys = {
  session: ['client', 'session'] as const,
  data: ['client', 'data'] as const,
  subscription: ['client', 'data', 'subscription'] as const,
  interventions: ['client', 'data', 'interventions'] as const,
  userInterventions: (limit: number) => [...clientKeys.interventions, 'dashboard', limit] as const,
  clientInterventions: (limit: number) => [...clientKeys.interventions, 'client-area', limit] as const,
  orders: ['client', 'data', 'orders'] as const,
  erasure: ['client', 'data', 'erasure'] as const,
};

/** A query the server may run for the page it renders (see prefetch.ts): its key, its URL, and whether it is a list. */
type Fetchable = { queryKey: QueryKey; url: string; list: boolean };

function list<T>(queryKey: QueryKey, url: string) {
  return {
    fetchable: { queryKey, url, list: true } satisfies Fetchable,
    options: queryOptions({
      queryKey,
      queryFn: () => apiList<T>(url),
      // Keeps the shown rows on screen while « Afficher plus » loads the longer page.
      placeholderData: keepPreviousData,
    }),
  };
}

function one<T>(queryKey: QueryKey, url: string) {
  return {
    fetchable: { queryKey, url, list: false } satisfies Fetchable,
    options: queryOptions({ queryKey, queryFn: () => api<T>(url) }),
  };
}

const SESSION_URL = '/api/auth/user';

/** The signed-in client, or null: a 401 here only means « not signed in ». */
export async function readClientSession(): Promise<AuthUser | null> {
  try {
    return await api<AuthUser>(SESSION_URL);
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return null;
    throw error;
  }
}

/** The one session query of the client area. */
export const sessionQueryOptions = queryOptions({ queryKey: clientKeys.session, queryFn: readClientSession });
export const sessionFetchable: Fetchable = { queryKey: clientKeys.session, url: SESSION_URL, list: false };

const subscription = one<CurrentSubscription | null>(clientKeys.subscription, '/api/subscriptions/current');
export const subscriptionQueryOptions = subscription.options;

// Orders are few (one or two a year): the first 50 cover every client's history.
const orders = list<ClientOrder>(clientKeys.orders, '/api/client/orders?limit=50');
export const ordersQueryOptions = orders.options;

const userInterventions = (limit: number) =>
  list<UserIntervention>(clientKeys.userInterventions(limit), `/api/interventions?limit=${limit}`);
export const userInterventionsQueryOptions = (limit: number) => userInterventions(limit).options;

const clientInterventions = (limit: number) =>
  list<ClientIntervention>(clientKeys.clientInterventions(limit), `/api/client/interventions?limit=${limit}`);
export const clientInterventionsQueryOptions = (limit: number) => clientInterventions(limit).options;

/** « Mes données »: whether an erasure request already waits for staff. */
export const erasureStatusQueryOptions = one<z.infer<typeof erasureRequestStatusSchema>>(
  clientKeys.erasure,
  '/api/client/erasure-request',
).options;

/** What each signed-in page shows at first, so the server can render it with the data (and the browser not fetch it again). */
export function fetchablesFor(pathname: string): Fetchable[] {
  const dashboard = [sessionFetchable, subscription.fetchable, orders.fetchable];
  if (pathname === '/' || pathname === '/dashboard' || pathname === CLIENT_PAGES.home)
    return [...dashboard, userInterventions(PAGE_SIZE).fetchable];
  if (pathname === '/client/dashboard' || pathname === CLIENT_PAGES.requests)
    return [...dashboard, clientInterventions(PAGE_SIZE).fetchable];
  if (pathname === CLIENT_PAGES.invoices) return [sessionFetchable, orders.fetchable];
  // Any other page only needs to know that the visitor is signed in (its navigation says so).
  return [sessionFetchable];
}
