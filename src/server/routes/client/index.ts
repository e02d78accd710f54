import type { FastifyInstance } from 'fastify';

/** Client-area routes (/api/client/*, /api/auth/*, /api/interventions, /api/subscriptions). */
export async function clientRoutes(_app: FastifyInstance) {}
