import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthy = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
const unavailable = z.object({ status: z.literal('unavailable'), message: z.string() });

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/healthz', { schema: { response: { 200: healthy, 503: unavailable } } }, async (_request, reply) => {
    try {
      await app.database.ping();
      return { status: 'ok' as const, database: app.database.kind };
    } catch {
      return reply.status(503).send({ status: 'unavailable' as const, message: 'La base de données ne répond pas.' });
    }
  });
};
