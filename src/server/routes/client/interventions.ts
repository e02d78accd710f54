import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientInterventionInputSchema } from '#shared/interventions/intervention-input.ts';
import { clientInterventionSchema, userInterventionSchema } from '#shared/interventions/intervention-api.ts';
import { idParams, pageQuery } from '#shared/common/query.ts';
import {
  closedInterventionSchema,
  interventionRatingSchema,
  ratingInputSchema,
} from '#shared/interventions/rating-api.ts';
import {
  createClientIntervention,
  dashboardInterventionInput,
  toClientIntervention,
  toUserIntervention,
} from '#server/services/interventions/client-interventions.ts';
import {
  clientSessionWithInterventions,
  listClientInterventions,
  type ListFilter,
} from '#server/services/interventions/client-intervention-list.ts';
import type { ListedIntervention } from '#server/services/interventions/client-interventions.ts';
import type { Listed } from '#server/db/json-page.ts';
import { quotaBeforeBody } from '#server/services/interventions/attachment-quota.ts';
import { closeClientIntervention, rateIntervention } from '#server/services/interventions/intervention-feedback.ts';
import { interventionThreadRoutes } from '#server/routes/intervention-thread.ts';
import { sendJsonPage } from '#server/routes/list-reply.ts';
import { validationError } from '#server/http-error.ts';
import { RATE_LIMITS } from '#server/rate-limits.ts';
import { remoteToolSettingsReply } from '#shared/interventions/remote-tools.ts';
import { remoteToolSettings } from '#server/services/interventions/remote-tool-settings.ts';
import { endShareOfClosingRequest } from '#server/services/remote/screen-shares.ts';

/**
 * A client's own interventions, from the client area (/api/client/interventions) and from the dashboard
 * (/api/interventions), in the signed-in scope; no call takes a client id from the request.
 */
export const clientInterventionRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(listRoutes);
  await app.register(creationRoutes);
  await app.register(followUpRoutes);
};

declare module 'fastify' {
  interface FastifyRequest {
    /** set by the session hook on the two lists: the page read with the session, or kept from before */
    interventionPage: Listed<ListedIntervention> | null;
  }
}

/** The two lists, each in the client area's shape and the dashboard's. */
const listRoutes: FastifyPluginAsyncZod = async (app) => {
  // Both lists read their page with the session (config.clientReadWithSession): a page that still holds is not read.
  // It is handed to the handler on the request itself, declared up front: a WeakMap keyed by every request made each
  // collection walk its dead entries, and the list slowed down the longer the server ran.
  app.decorateRequest('interventionPage', null);
  const readWithSession = clientSessionWithInterventions(app.db);
  const listRead = {
    clientReadWithSession: async (token: string, request: FastifyRequest) => {
      const query = pageQuery.safeParse(request.query);
      const read = await readWithSession(token, query.success ? query.data : null);
      if (!read) return null;
      // Signed in: a query the page schema refuses is the same French 400 the route's validation would give. Parsed
      // here once, the route's own check (`parsedQuery`) takes this result instead of parsing the query again.
      if (!query.success) throw validationError(query.error);
      request.query = query.data;
      request.interventionPage = read.interventions;
      return read;
    },
  };
  // The query was parsed by the session hook above, which every call of these routes passes first.
  const parsedQuery = { validatorCompiler: () => (data: unknown) => ({ value: data }) };
  const listed = (request: FastifyRequest & { query: ListFilter }) =>
    request.interventionPage ?? listClientInterventions(app.db, request.clientSession.clientId, request.query);

  // A kept page is answered again as the text written the first time, checked against the answer's schema then.
  const answers = new WeakMap<Listed<ListedIntervention>, Map<z.ZodType, string>>();
  const answer = <T>(
    page: Listed<ListedIntervention>,
    schema: z.ZodType<T[]>,
    toItem: (i: ListedIntervention) => T,
  ) => {
    let byShape = answers.get(page);
    if (!byShape) answers.set(page, (byShape = new Map()));
    let text = byShape.get(schema);
    if (text === undefined) byShape.set(schema, (text = JSON.stringify(schema.parse(page.items.map(toItem)))));
    return text;
  };
  const clientList = z.array(clientInterventionSchema);
  const userList = z.array(userInterventionSchema);

  app.get(
    '/client/interventions',
    { config: listRead, ...parsedQuery, schema: { querystring: pageQuery, response: { 200: clientList } } },
    async (request, reply) => {
      const page = await listed(request);
      return sendJsonPage(reply, answer(page, clientList, toClientIntervention), page.total);
    },
  );

  app.get(
    '/interventions',
    { config: listRead, ...parsedQuery, schema: { querystring: pageQuery, response: { 200: userList } } },
    async (request, reply) => {
      const page = await listed(request);
      return sendJsonPage(reply, answer(page, userList, toUserIntervention), page.total);
    },
  );
};

/** Asking for help, from the client area's form or the dashboard's buttons: one allowance across both. */
const creationRoutes: FastifyPluginAsyncZod = async (app) => {
  const creationLimit = app.rateLimit({
    ...RATE_LIMITS.clientInterventionCreation,
    keyGenerator: (request: FastifyRequest) => `client-intervention:${request.clientSession.clientId}`,
  });

  app.post(
    '/client/interventions',
    {
      preHandler: creationLimit,
      schema: { body: clientInterventionInputSchema, response: { 201: clientInterventionSchema } },
    },
    async (request, reply) => {
      const row = await createClientIntervention(
        app.db,
        request.clientSession.clientId,
        { source: 'client', ...request.body },
        undefined,
        app.mail,
      );
      return reply.status(201).send(toClientIntervention(row));
    },
  );

  app.post(
    '/interventions',
    {
      preHandler: creationLimit,
      schema: { body: dashboardInterventionInput, response: { 201: userInterventionSchema } },
    },
    async (request, reply) => {
      const row = await createClientIntervention(
        app.db,
        request.clientSession.clientId,
        { source: 'dashboard', ...request.body },
        undefined,
        app.mail,
      );
      return reply.status(201).send(toUserIntervention(row));
    },
  );
};

/** What follows a request: the remote tools to use, its conversation, closing and rating it. */
const followUpRoutes: FastifyPluginAsyncZod = async (app) => {
  // « Session à distance »: the tools the company offers, and its RustDesk server to enter (a public key, by design).
  app.get('/client/remote-tools', { schema: { response: { 200: remoteToolSettingsReply } } }, async () =>
    remoteToolSettings(app.db),
  );

  // The thread of one of the client's own requests (routes/intervention-thread.ts): another client's id answers 404.
  // The allowance and the quota from the Content-Length refuse a post before its body is read.
  const clientReader = (request: FastifyRequest) => ({
    side: 'client' as const,
    clientId: request.clientSession.clientId,
  });
  const attachmentQuotaBytes = app.config.ATTACHMENT_QUOTA_MB * 1024 * 1024;
  await app.register(interventionThreadRoutes, {
    prefix: '/client',
    reader: clientReader,
    author: (request) => ({ ...clientReader(request), attachmentQuotaBytes }),
    beforeBody: [
      app.rateLimit({
        ...RATE_LIMITS.clientMessage,
        keyGenerator: (request: FastifyRequest) => `client-message:${request.clientSession.clientId}`,
      }),
      quotaBeforeBody(app.db, attachmentQuotaBytes, (request) => request.clientSession.clientId),
    ],
  });

  // Closing and rating one's own request (shared/rating-api.ts): another client's id answers 404, a closed one 409.
  const feedbackLimit = app.rateLimit({
    ...RATE_LIMITS.clientFeedback,
    keyGenerator: (request: FastifyRequest) => `client-feedback:${request.clientSession.clientId}`,
  });

  app.post(
    '/client/interventions/:id/close',
    {
      preHandler: feedbackLimit,
      schema: { params: idParams, response: { 200: closedInterventionSchema } },
    },
    async (request) => {
      const { clientId } = request.clientSession;
      return closeClientIntervention(app.db, app.mail, request.params.id, clientId, (tx, id, now) =>
        endShareOfClosingRequest(tx, id, { side: 'client', clientId, address: request.ip }, now),
      );
    },
  );

  app.put(
    '/client/interventions/:id/rating',
    {
      preHandler: feedbackLimit,
      schema: { params: idParams, body: ratingInputSchema, response: { 200: interventionRatingSchema } },
    },
    async (request) =>
      rateIntervention(app.db, app.mail, request.params.id, request.clientSession.clientId, request.body),
  );
};
