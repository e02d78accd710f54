import { describe, expect, it } from 'vitest';
import { createClientQueryClient } from './query-client.tsx';
import { clientStateFrom, prefetchUrlsFor } from './prefetch.ts';
import {
  PAGE_SIZE,
  clientInterventionsQueryOptions,
  ordersQueryOptions,
  sessionQueryOptions,
  subscriptionQueryOptions,
  userInterventionsQueryOptions,
} from './queries.ts';

const user = {
  id: 7,
  firstName: 'Jeanne',
  lastName: 'Martin',
  email: 'jeanne@exemple.fr',
  createdAt: '2026-01-17T10:00:00.000Z',
};
const subscription = { plan: 'Pro', planId: 'pro', endsOn: '2027-01-16' };
const interventions = [{ id: 1, title: "Demande d'assistance" }];

/** What the server would fetch for a path, answered the way pages.ts passes it on. */
function answersFor(pathname: string, fail: string[] = []) {
  const { session, data } = prefetchUrlsFor(pathname);
  const body = (url: string) =>
    url === session
      ? user
      : url.startsWith('/api/subscriptions')
        ? subscription
        : url.startsWith('/api/client/orders')
          ? []
          : interventions;
  return [session, ...data]
    .filter((url) => !fail.includes(url))
    .map((url) => ({ url, body: body(url), total: url === session ? undefined : 12 }));
}

describe('the server-rendered client area', () => {
  it('fills exactly the queries /dashboard reads at first, so the browser fetches nothing again', () => {
    const client = createClientQueryClient(clientStateFrom('/dashboard', answersFor('/dashboard')));
    expect(client.getQueryData(sessionQueryOptions.queryKey)).toEqual(user);
    expect(client.getQueryData(subscriptionQueryOptions.queryKey)).toEqual(subscription);
    expect(client.getQueryData(ordersQueryOptions.queryKey)).toEqual({ items: [], total: 12 });
    // The true count from X-Total-Count, not the length of the page.
    expect(client.getQueryData(userInterventionsQueryOptions(PAGE_SIZE).queryKey)).toEqual({
      items: interventions,
      total: 12,
    });
  });

  it("fills the client area's own list on /client/dashboard, and only the session elsewhere", () => {
    const area = createClientQueryClient(clientStateFrom('/client/dashboard', answersFor('/client/dashboard')));
    expect(area.getQueryData(clientInterventionsQueryOptions(PAGE_SIZE).queryKey)).toEqual({
      items: interventions,
      total: 12,
    });
    expect(area.getQueryData(userInterventionsQueryOptions(PAGE_SIZE).queryKey)).toBeUndefined();

    expect(prefetchUrlsFor('/cgv')).toEqual({ session: '/api/auth/user', data: [] });
    const cgv = createClientQueryClient(clientStateFrom('/cgv', answersFor('/cgv')));
    expect(cgv.getQueryData(sessionQueryOptions.queryKey)).toEqual(user);
    expect(cgv.getQueryData(subscriptionQueryOptions.queryKey)).toBeUndefined();
  });

  it('leaves out a call that failed: the browser asks for it', () => {
    const state = clientStateFrom('/', answersFor('/', ['/api/subscriptions/current']));
    const client = createClientQueryClient(state);
    expect(client.getQueryData(subscriptionQueryOptions.queryKey)).toBeUndefined();
    expect(client.getQueryData(sessionQueryOptions.queryKey)).toEqual(user);
  });
});
