import type { FastifyInstance } from 'fastify';
import { staffLoginRoutes, staffSessionRoutes } from './auth';
import { orderRoutes } from './orders';
import { customerRoutes } from './customers';
import { inboxRoutes } from './inbox';
import { erasureRoutes } from './erasure';
import { registrationRefusalRoutes } from './registration-refusal';
import { outboxRoutes } from './outbox';
import { statsRoutes } from './stats';
import { subscriptionRoutes } from './subscriptions';
import { interventionRoutes } from './interventions';
import { deviceRoutes } from './devices';
import { staffEventRoutes } from './events';
import { auditRoutes } from './audit';
import { backupRoutes } from './backup';
import { staffGate } from './roles';
import { teamRoutes, setPasswordRoutes } from './team';
import { twoFactorLoginRoutes, twoFactorRoutes } from './two-factor';

/**
 * /api/admin/*: sign-in (password, then code) and « choose your password » are the only routes outside the staff-session hook; everything
 * else sits behind it and declares in `config.roles` which roles it serves (routes/admin/roles.ts).
 */
export async function adminRoutes(app: FastifyInstance) {
  await app.register(staffLoginRoutes);
  await app.register(twoFactorLoginRoutes);
  await app.register(setPasswordRoutes);
  await app.register(async (staffOnly) => {
    staffOnly.decorateRequest('staff', null as never);
    staffOnly.addHook('onRequest', staffGate);
    await staffOnly.register(staffSessionRoutes);
    await staffOnly.register(orderRoutes);
    await staffOnly.register(customerRoutes);
    await staffOnly.register(inboxRoutes);
    await staffOnly.register(erasureRoutes);
    await staffOnly.register(registrationRefusalRoutes);
    await staffOnly.register(statsRoutes);
    await staffOnly.register(subscriptionRoutes);
    await staffOnly.register(interventionRoutes);
    await staffOnly.register(deviceRoutes);
    await staffOnly.register(staffEventRoutes);
    await staffOnly.register(auditRoutes);
    await staffOnly.register(backupRoutes);
    await staffOnly.register(outboxRoutes);
    await staffOnly.register(teamRoutes);
    await staffOnly.register(twoFactorRoutes);
  });
}
