import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  authUserSchema, clientInterventionSchema, clientOrderSchema, currentSubscriptionSchema, userInterventionSchema,
} from '../../../shared/client-api';
import { pageQuery } from '../../../shared/schemas/query';
import type { Prefetched } from '../../../client/entry-server';
import { clientSessionReader, toAuthUser, type SessionRead } from '../../services/clients/client-identity';
import { clientPageLists } from '../../services/clients/client-page-lists';
import { listClientInterventions, toClientIntervention, toUserIntervention } from '../../services/interventions/client-interventions';

type Signed = SessionRead;
/** What a page's call answers: the JSON body, and for a list the full count (X-Total-Count). */
type Answer = { body: unknown; total?: number };
type Lists = ReturnType<typeof clientPageLists>;
type Read = { schema: z.ZodType; read(lists: Lists, app: FastifyInstance, signed: Signed, query: z.infer<typeof pageQuery>): Promise<Answer> | Answer };

/** A client's requests, a page of them: prepared (one statement) unless searched, which only the API route does. */
const requestsOf = (lists: Lists, app: FastifyInstance, clientId: number, query: z.infer<typeof pageQuery>) =>
  (query.q ? listClientInterventions(app.db, clientId, query) : lists.interventions(clientId, query));

/**
 * The client area's GET routes a server-rendered page starts from, read the way those routes read them (same
 * services, same response schemas), without going through the HTTP layer four times: the session and the running
 * subscription in one prepared statement, then the lists together, each one prepared statement
 * (`services/clients/client-page-lists.ts`). `page-reads.test.ts` holds each answer
 * equal to its route's.
 */
const READS: Record<string, Read> = {
  '/api/auth/user': { schema: authUserSchema, read: (_lists, _app, { client }) => ({ body: toAuthUser(client) }) },
  '/api/subscriptions/current': { schema: currentSubscriptionSchema.nullable(), read: (_lists, _app, { subscription }) => ({ body: subscription ?? null }) },
  '/api/client/orders': {
    schema: z.array(clientOrderSchema),
    read: async (lists, _app, { client }, query) => {
      const page = await lists.orders(client.clientId, query);
      return { body: page.items, total: page.total };
    },
  },
  '/api/interventions': {
    schema: z.array(userInterventionSchema),
    read: async (lists, app, { client }, query) => {
      const page = await requestsOf(lists, app, client.clientId, query);
      return { body: page.items.map(toUserIntervention), total: page.total };
    },
  },
  '/api/client/interventions': {
    schema: z.array(clientInterventionSchema),
    read: async (lists, app, { client }, query) => {
      const page = await requestsOf(lists, app, client.clientId, query);
      return { body: page.items.map(toClientIntervention), total: page.total };
    },
  },
};

const SUBSCRIPTION_URL = '/api/subscriptions/current';

/** The same bytes a route would send: its response schema applied, then through JSON (dates become strings). */
const asSent = (schema: z.ZodType, body: unknown): unknown => JSON.parse(JSON.stringify(z.encode(schema, body)));

/**
 * For a visitor with a client cookie: what the page's calls would answer (`urls` from the page's own list, see
 * client/pages/client/api/prefetch.ts), or null when the cookie opens no session. A URL without a read here is asked
 * of the API itself, so a page that starts from a new call still renders with its data.
 */
export function clientPageReader(app: FastifyInstance) {
  const readSession = clientSessionReader(app.db);
  const lists = clientPageLists(app.db);
  return async (token: string, urls: string[], viaApi: (url: string) => Promise<Prefetched | null>): Promise<Prefetched[] | null> => {
    const signed = await readSession(token, { subscription: urls.some((url) => url.startsWith(SUBSCRIPTION_URL)) });
    if (!signed) return null;
    const answers = await Promise.all(urls.map(async (url): Promise<Prefetched | null> => {
      const [path, search = ''] = url.split('?');
      const read = READS[path!];
      if (!read) return viaApi(url);
      const query = pageQuery.safeParse(Object.fromEntries(new URLSearchParams(search)));
      if (!query.success) return viaApi(url);
      const answer = await read.read(lists, app, signed, query.data);
      return { url, body: asSent(read.schema, answer.body), ...(answer.total !== undefined ? { total: answer.total } : {}) };
    }));
    return answers.filter((answer): answer is Prefetched => answer !== null);
  };
}
