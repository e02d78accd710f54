import type { FastifyInstance } from 'fastify';
import { clientAuthRoutes } from './auth';

/** Client-area routes (/api/client/*, /api/auth/*, /api/interventions, /api/subscriptions). */
export async function clientRoutes(app: FastifyInstance) {
  await app.register(clientAuthRoutes);
}
