import { dehydrate } from '@tanstack/react-query';
import { createClientQueryClient } from './query-client.tsx';
import { fetchablesFor, sessionFetchable } from './queries.ts';

/** What the server fetched for one URL of fetchablesFor(): the JSON body and, for a list, X-Total-Count. */
export type Prefetched = { url: string; body: unknown; total?: number };

/**
 * The URLs the server calls with the visitor's cookie before rendering this path: `session` answers 200 only for a
 * signed-in client (anyone else gets the shared anonymous page), `data` is what the page shows at first.
 */
export function prefetchUrlsFor(pathname: string): { session: string; data: string[] } {
  return {
    session: sessionFetchable.url,
    data: fetchablesFor(pathname)
      .map((f) => f.url)
      .filter((u) => u !== sessionFetchable.url),
  };
}

/**
 * The query cache those answers make, dehydrated into the page: the browser's client area starts from it, so the
 * dashboard appears with its data and fetches nothing again. A call that failed is left out (the browser asks).
 */
export function clientStateFrom(pathname: string, answers: Prefetched[]): unknown {
  const client = createClientQueryClient();
  for (const fetchable of fetchablesFor(pathname)) {
    const answer = answers.find((a) => a.url === fetchable.url);
    if (!answer) continue;
    const items = Array.isArray(answer.body) ? answer.body : [];
    client.setQueryData(
      fetchable.queryKey,
      fetchable.list ? { items, total: answer.total ?? items.length } : answer.body,
    );
  }
  return dehydrate(client);
}
