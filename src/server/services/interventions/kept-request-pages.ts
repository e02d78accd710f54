// The last page of requests each session was answered, with the counter of changes it was read at
// (client_request_versions, docs/decisions/044). The session's statement reads the counter and skips the page while it
// has not moved, so a client's area polling its list costs a keyed read, not a page built and decoded again. The
// counter is read from the database on every call, in the session's own statement: a change made through another
// server process is seen at once, never after a delay.
import { LRUCache } from 'lru-cache';
import type { Listed } from '#server/db/json-page.ts';
import type { ListFilter } from './client-intervention-list.ts';
import type { ListedIntervention } from './client-interventions.ts';

export type KeptPage = { clientId: number; version: number; page: Listed<ListedIntervention> };

/**
 * What a kept page holds, in characters: its texts (the rating's comment included) and about 400 for the rest of each
 * request, three times over, as each list route keeps beside it the answer it wrote (routes/client/interventions.ts).
 * At most 8 million: some 16 MB at 2 bytes a character, the longest-unused pages leaving first.
 */
const MAX_CHARACTERS = 8_000_000;
const ITEM_OVERHEAD = 400;
const COPIES = 3;

const size = ({ page }: KeptPage) =>
  COPIES *
  page.items.reduce(
    (n, i) =>
      n + i.title.length + i.description.length + i.deviceInfo.length + (i.rating?.comment.length ?? 0) + ITEM_OVERHEAD,
    1,
  );

export const keptRequestPages = () =>
  new LRUCache<string, KeptPage>({ max: 5000, maxSize: MAX_CHARACTERS, sizeCalculation: size });

/** One entry per session and page asked: the session's hash, never its token. */
export const keptPageKey = (sessionHash: string, filter: ListFilter) =>
  `${sessionHash} ${filter.limit} ${filter.offset} ${filter.q ?? ''}`;
