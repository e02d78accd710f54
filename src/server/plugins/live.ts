import type { FastifyInstance } from 'fastify';
import { LiveHub, STREAM_LIMITS } from '#server/services/live/hub.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** the open pages of this process and the events they receive (services/live/hub.ts) */
    live: LiveHub;
  }
}

/** Starts listening before the routes serve; the streams end before the server stops waiting for its connections. */
export async function registerLive(app: FastifyInstance) {
  const hub = new LiveHub(app.database, app.log, { ...STREAM_LIMITS, perInstance: app.config.LIVE_STREAMS_MAX });
  await hub.start();
  app.decorate('live', hub);
  app.addHook('preClose', async () => hub.close());
}
