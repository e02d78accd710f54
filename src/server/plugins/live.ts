import type { FastifyInstance } from 'fastify';
import { LiveHub } from '#server/services/live/hub.ts';
import { STREAM_LIMITS } from '#server/services/live/stream-limits.ts';
import { refuseStream, wantsStream } from '#server/routes/live-stream.ts';
import { CLIENT_COOKIE, STAFF_COOKIE } from './auth.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** the open pages of this process and the events they receive (services/live/hub.ts) */
    live: LiveHub;
  }
}

const STREAM_PATHS = new Set(['/api/client/events', '/api/admin/events']);
/** The session cookie as sent (with or without its `__Host-` prefix), read before the cookie plugin's hook runs. */
const SESSION_COOKIE = new RegExp(`(?:^|;\\s*)(?:__Host-)?(?:${CLIENT_COOKIE}|${STAFF_COOKIE})=([^;]+)`);

/** Starts listening before the routes serve; the streams end before the server stops waiting for its connections. */
export async function registerLive(app: FastifyInstance) {
  const hub = new LiveHub(app.database, app.log, { ...STREAM_LIMITS, perInstance: app.config.LIVE_STREAMS_MAX });
  await hub.start();
  app.decorate('live', hub);
  app.addHook('preClose', async () => hub.close());
  // First of all hooks: a flood of stream attempts is refused from memory, before the session is read.
  app.addHook('onRequest', async (request, reply) => {
    if (!STREAM_PATHS.has(request.url.split('?', 1)[0]!) || !wantsStream(request)) return;
    const token = SESSION_COOKIE.exec(request.headers.cookie ?? '')?.[1] ?? null;
    const verdict = hub.admitEarly(token, request.ip);
    if (verdict !== 'ok') refuseStream(reply, verdict);
  });
}
