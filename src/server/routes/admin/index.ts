import type { FastifyInstance } from 'fastify';
import { requireStaff } from '../../plugins/auth';
import { staffLoginRoutes, staffSessionRoutes } from './auth';
import { orderRoutes } from './orders';
import { customerRoutes } from './customers';
import { contactRoutes } from './contacts';
import { erasureRoutes } from './erasure';
import { statsRoutes } from './stats';
import { subscriptionRoutes } from './subscriptions';
import { interventionRoutes } from './interventions';
import { auditRoutes } from './audit';
import { backupRoutes } from './backup';

/** /api/admin/*: sign-in is the only route outside the staff-session hook; everything else sits behind it. */
export async function adminRoutes(app: FastifyInstance) {
  await app.register(staffLoginRoutes);
  await app.register(async (staffOnly) => {
    staffOnly.decorateRequest('staff', null as never);
    staffOnly.addHook('onRequest', requireStaff);
    await staffOnly.register(staffSessionRoutes);
    await staffOnly.register(orderRoutes);
    await staffOnly.register(customerRoutes);
    await staffOnly.register(contactRoutes);
    await staffOnly.register(erasureRoutes);
    await staffOnly.register(statsRoutes);
    await staffOnly.register(subscriptionRoutes);
    await staffOnly.register(interventionRoutes);
    await staffOnly.register(auditRoutes);
    await staffOnly.register(backupRoutes);
  });
}
