import type { FastifyInstance } from 'fastify';
import { clientAuthRoutes } from './auth';
import { clientInterventionRoutes } from './interventions';
import { clientSubscriptionRoutes } from './subscription';

/** Client-area routes (/api/client/*, /api/auth/*, /api/interventions, /api/subscriptions). */
export async function clientRoutes(app: FastifyInstance) {
  await app.register(clientAuthRoutes);
  await app.register(clientInterventionRoutes);
  await app.register(clientSubscriptionRoutes);
}
