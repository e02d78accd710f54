import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CLIENT_COOKIE } from '#server/plugins/auth.ts';
import { clientSessionReader } from '#server/services/clients/client-identity.ts';
import { z } from 'zod';
import { liveEventSchema } from '#shared/live/live-api.ts';
import { liveEventsOnce, openLiveStream, wantsStream } from '#server/routes/live-stream.ts';

/**
 * GET /api/client/events: a client's own requests as staff answer them or change their status (Server-Sent Events);
 * never another client's. The stream ends when the session does.
 */
export const clientEventRoutes: FastifyPluginAsyncZod = async (app) => {
  const readSession = clientSessionReader(app.db);
  app.get('/client/events', { schema: { response: { 200: z.array(liveEventSchema) } } }, async (request, reply) => {
    const { clientId } = request.clientSession;
    if (!wantsStream(request)) return liveEventsOnce(request, { side: 'client', clientId });
    const token = request.cookies[CLIENT_COOKIE];
    await openLiveStream(
      request,
      reply,
      app.live,
      { side: 'client', clientId },
      request.clientSession.sessionHash,
      async () => (await readSession(token, {}))?.client.clientId === clientId,
    );
  });
};
