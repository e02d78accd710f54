import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '#shared/common/query.ts';
import {
  runningScreenShareSchema,
  screenShareSchema,
  screenShareSessionSchema,
  signalInputSchema,
  SIGNAL_BODY_MAX,
} from '#shared/remote/screen-share-api.ts';
import {
  endScreenShare,
  joinScreenShare,
  relaySignal,
  runningScreenShares,
} from '#server/services/remote/screen-shares.ts';
import { rtcConfigFor } from '#server/services/remote/ice-servers.ts';
import { RATE_LIMITS } from '#server/rate-limits.ts';
import { ANY_STAFF } from './roles.ts';

/**
 * The viewer of a client's shared screen (docs/decisions/043). Every member sees that a share runs; only the member
 * handling the request, or an admin, may join it (403 for the others, decided in services/remote/screen-shares.ts).
 */
export const staffScreenShareRoutes: FastifyPluginAsyncZod = async (app) => {
  // Counted per member, after the staff hook has named them.
  const perMember = (name: string) => (request: FastifyRequest) => `${name}:${request.staff?.id ?? request.ip}`;
  const joinLimit = { ...ANY_STAFF, rateLimit: { ...RATE_LIMITS.screenShareStart, keyGenerator: perMember('join') } };
  const signalLimit = {
    ...ANY_STAFF,
    rateLimit: { ...RATE_LIMITS.screenShareSignal, keyGenerator: perMember('share-signal') },
  };

  app.get(
    '/screen-shares',
    { config: ANY_STAFF, schema: { response: { 200: z.array(runningScreenShareSchema) } } },
    async (request) => runningScreenShares(app.db, request.staff),
  );

  app.post(
    '/screen-shares/:id/join',
    {
      config: joinLimit,
      schema: { params: idParams, response: { 200: screenShareSessionSchema } },
    },
    async (request) => {
      const { share, peer } = await joinScreenShare(app.db, request.params.id, request.staff, app.clock());
      return { share, peer, ...rtcConfigFor(app.config, `staff-${request.staff.id}`, app.clock()) };
    },
  );

  app.post(
    '/screen-shares/:id/signal',
    {
      config: signalLimit,
      bodyLimit: SIGNAL_BODY_MAX,
      schema: { params: idParams, body: signalInputSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await relaySignal(app.db, request.params.id, { side: 'staff', staff: request.staff }, request.body);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/screen-shares/:id/end',
    {
      config: joinLimit,
      schema: { params: idParams, response: { 200: screenShareSchema } },
    },
    async (request) =>
      endScreenShare(app.db, request.params.id, { side: 'staff', staff: request.staff }, 'staff', app.clock()),
  );
};
