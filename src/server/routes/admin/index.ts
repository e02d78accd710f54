import type { FastifyInstance } from 'fastify';

/** Every /api/admin/* route: registered here, behind the staff-session hook. */
export async function adminRoutes(_app: FastifyInstance) {}
