import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '#shared/common/query.ts';
import {
  clientEndInputSchema,
  screenShareSchema,
  screenShareSessionSchema,
  signalInputSchema,
  SIGNAL_BODY_MAX,
} from '#shared/remote/screen-share-api.ts';
import { endScreenShare, relaySignal, shareAlive, startScreenShare } from '#server/services/remote/screen-shares.ts';
import { rtcConfigFor } from '#server/services/remote/ice-servers.ts';
import { RATE_LIMITS } from '#server/rate-limits.ts';

/**
 * « Partager mon écran » (docs/decisions/043): a client starts a share on one of their open requests, sends its
 * signals to the member who joins, and ends it. Another client's share is 404, as if it did not exist.
 */
export const clientScreenShareRoutes: FastifyPluginAsyncZod = async (app) => {
  const perClient = (name: string) => (request: FastifyRequest) => `${name}:${request.clientSession.clientId}`;
  const startLimit = app.rateLimit({ ...RATE_LIMITS.screenShareStart, keyGenerator: perClient('share-start') });
  const signalLimit = app.rateLimit({ ...RATE_LIMITS.screenShareSignal, keyGenerator: perClient('share-signal') });
  const aliveLimit = app.rateLimit({ ...RATE_LIMITS.screenShareAlive, keyGenerator: perClient('share-alive') });
  const party = (request: FastifyRequest) =>
    ({ side: 'client', clientId: request.clientSession.clientId, address: request.ip }) as const;

  app.post(
    '/client/interventions/:id/screen-share',
    { preHandler: startLimit, schema: { params: idParams, response: { 201: screenShareSessionSchema } } },
    async (request, reply) => {
      const { clientId } = request.clientSession;
      const share = await startScreenShare(app.db, request.clientSession, request.params.id, app.clock());
      return reply
        .status(201)
        .send({ share, ...rtcConfigFor(app.config, `client-${clientId}`, app.clock()), peer: null });
    },
  );

  app.post(
    '/client/screen-shares/:id/signal',
    {
      preHandler: signalLimit,
      bodyLimit: SIGNAL_BODY_MAX,
      schema: { params: idParams, body: signalInputSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await relaySignal(app.db, request.params.id, party(request), request.body);
      return reply.status(204).send(null);
    },
  );

  // The sharing page's sign of life, every 30 s: a share that goes silent ends by itself (services/remote/silent-shares.ts).
  app.post(
    '/client/screen-shares/:id/alive',
    { preHandler: aliveLimit, schema: { params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await shareAlive(app.db, request.params.id, request.clientSession.clientId, app.clock());
      return reply.status(204).send(null);
    },
  );

  // The stop button, the browser's own stop control, or the page closing (sent with keepalive as it goes).
  app.post(
    '/client/screen-shares/:id/end',
    {
      preHandler: startLimit,
      schema: { params: idParams, body: clientEndInputSchema.optional(), response: { 200: screenShareSchema } },
    },
    async (request) =>
      endScreenShare(app.db, request.params.id, party(request), request.body?.reason ?? 'client', app.clock()),
  );
};
