import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STAFF_COOKIE } from '#server/plugins/auth.ts';
import { findStaffSession } from '#server/services/security/sessions.ts';
import { z } from 'zod';
import { liveEventSchema } from '#shared/live/live-api.ts';
import { liveEventsOnce, openLiveStream, wantsStream } from '#server/routes/live-stream.ts';
import { ANY_STAFF } from './roles.ts';

/**
 * GET /api/admin/events: the back-office's live events (Server-Sent Events). Every member receives what the
 * interventions tab shows; an escalation meant for admins reaches admins only, a response warning the members on duty. The stream ends when the session does.
 */
export const staffEventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events',
    { config: ANY_STAFF, schema: { response: { 200: z.array(liveEventSchema) } } },
    async (request, reply) => {
      const { id, role } = request.staff;
      if (!wantsStream(request)) return liveEventsOnce(request, { side: 'staff', role, id });
      const token = request.cookies[STAFF_COOKIE];
      await openLiveStream(
        request,
        reply,
        app.live,
        { side: 'staff', role, id },
        request.staff.sessionHash,
        async () => {
          const session = await findStaffSession(app.db, token);
          return session !== null && session.id === id && session.role === role;
        },
      );
    },
  );
};
