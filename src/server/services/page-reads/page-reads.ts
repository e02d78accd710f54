import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authUserSchema } from '#shared/clients/client-api.ts';
import { clientInterventionSchema, userInterventionSchema } from '#shared/interventions/intervention-api.ts';
import { clientOrderSchema } from '#shared/orders/order-api.ts';
import { currentSubscriptionSchema } from '#shared/subscriptions/subscription-api.ts';
import { pageQuery } from '#shared/common/query.ts';
import type { Prefetched } from '#client/entry-server.tsx';
import { clientSessionReader, toAuthUser, type SessionRead } from '#server/services/clients/client-identity.ts';
import { listClientOrders } from '#server/services/orders/client-orders.ts';
import { clientPageReadStatement, type ClientPageRead, type PagesAsked } from './client-page-read.ts';
import { toClientIntervention, toUserIntervention } from '#server/services/interventions/client-interventions.ts';
import { listClientInterventions } from '#server/services/interventions/client-intervention-list.ts';

type Query = z.infer<typeof pageQuery>;
/** What the page's one read gave: the session, and the subscription and lists when the page shows them. */
type Signed = SessionRead & Partial<Pick<ClientPageRead, 'orders' | 'interventions'>> & { asked: PagesAsked };
/** What a page's call answers: the JSON body, and for a list the full count (X-Total-Count). */
type Answer = { body: unknown; total?: number };
type Read = { schema: z.ZodType; read(signed: Signed, query: Query, app: FastifyInstance): Promise<Answer> | Answer };

const samePage = (query: Query, asked: PagesAsked[keyof PagesAsked]) =>
  !query.q && asked?.limit === query.limit && asked.offset === query.offset;

const ORDERS_URL = '/api/client/orders';
const SUBSCRIPTION_URL = '/api/subscriptions/current';
const REQUEST_URLS = ['/api/interventions', '/api/client/interventions'];

/**
 * The client area's GET routes a server-rendered page starts from, answered as those routes answer them (same
 * services, same response schemas), without going through the HTTP layer four times: the session, the running
 * subscription and the first page of each list come from one prepared statement (services/clients/client-page-read.ts).
 * A search, another page of a list already read, or a page past the end asks the routes' services.
 * `page-reads.test.ts` holds each answer equal to its route's.
 */
const READS: Record<string, Read> = {
  '/api/auth/user': { schema: authUserSchema, read: ({ client }) => ({ body: toAuthUser(client) }) },
  [SUBSCRIPTION_URL]: {
    schema: currentSubscriptionSchema.nullable(),
    read: ({ subscription }) => ({ body: subscription ?? null }),
  },
  [ORDERS_URL]: {
    schema: z.array(clientOrderSchema),
    read: async ({ client, orders, asked }, query, app) => {
      const page =
        (samePage(query, asked.orders) ? orders : null) ?? (await listClientOrders(app.db, client.clientId, query));
      return { body: page.items, total: page.total };
    },
  },
  '/api/interventions': {
    schema: z.array(userInterventionSchema),
    read: async (signed, query, app) => {
      const page = await interventionsOf(signed, query, app);
      return { body: page.items.map(toUserIntervention), total: page.total };
    },
  },
  '/api/client/interventions': {
    schema: z.array(clientInterventionSchema),
    read: async (signed, query, app) => {
      const page = await interventionsOf(signed, query, app);
      return { body: page.items.map(toClientIntervention), total: page.total };
    },
  },
};

/**
 * The client's requests, a page of them (both views list the same rows): the page's read when it is the page read
 * there, otherwise the route's own service.
 */
const interventionsOf = async ({ client, interventions, asked }: Signed, query: Query, app: FastifyInstance) =>
  (samePage(query, asked.interventions) ? interventions : null) ??
  listClientInterventions(app.db, client.clientId, query);

/** The same bytes a route would send: its response schema applied, then through JSON (dates become strings). */
const asSent = (schema: z.ZodType, body: unknown): unknown => JSON.parse(JSON.stringify(z.encode(schema, body)));

/**
 * For a visitor with a client cookie: what the page's calls would answer (`urls` from the page's own list, see
 * client/pages/client/api/prefetch.ts), or null when the cookie opens no session. A URL without a read here is asked
 * of the API itself, so a page that starts from a new call still renders with its data.
 */
export function clientPageReader(app: FastifyInstance) {
  const readSession = clientSessionReader(app.db);
  const readPage = clientPageReadStatement(app.db);
  return async (
    token: string,
    urls: string[],
    viaApi: (url: string) => Promise<Prefetched | null>,
  ): Promise<Prefetched[] | null> => {
    const calls = urls.map((url) => {
      const [path = '', search = ''] = url.split('?');
      const query = pageQuery.safeParse(Object.fromEntries(new URLSearchParams(search)));
      return { url, path, read: READS[path], query: query.success ? query.data : null };
    });
    // The first page asked of each list, without a search, is read with the session.
    const firstPage = (paths: string[]) => {
      const query = calls.find((call) => paths.includes(call.path) && call.query && !call.query.q)?.query;
      return query ? { limit: query.limit, offset: query.offset } : undefined;
    };
    const asked: PagesAsked = { orders: firstPage([ORDERS_URL]), interventions: firstPage(REQUEST_URLS) };
    const wholePage = asked.orders || asked.interventions || calls.some((call) => call.path === SUBSCRIPTION_URL);
    const session = wholePage ? await readPage(token, asked) : await readSession(token);
    if (!session) return null;
    const signed: Signed = { ...session, asked };
    const answers = await Promise.all(
      calls.map(async ({ url, read, query }): Promise<Prefetched | null> => {
        if (!read || !query) return viaApi(url);
        const answer = await read.read(signed, query, app);
        return {
          url,
          body: asSent(read.schema, answer.body),
          ...(answer.total !== undefined ? { total: answer.total } : {}),
        };
      }),
    );
    return answers.filter((answer): answer is Prefetched => answer !== null);
  };
}
