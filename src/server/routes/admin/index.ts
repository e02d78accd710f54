import type { FastifyInstance } from 'fastify';
import { staffLoginRoutes, staffSessionRoutes } from './auth.ts';
import { orderRoutes } from './orders.ts';
import { customerRoutes } from './customers.ts';
import { inboxRoutes } from './inbox.ts';
import { erasureRoutes } from './erasure.ts';
import { registrationRefusalRoutes } from './registration-refusal.ts';
import { outboxRoutes } from './outbox.ts';
import { statsRoutes } from './stats.ts';
import { subscriptionRoutes } from './subscriptions.ts';
import { interventionRoutes } from './interventions.ts';
import { deviceRoutes } from './devices.ts';
import { staffEventRoutes } from './events.ts';
import { auditRoutes } from './audit.ts';
import { backupRoutes } from './backup.ts';
import { staffGate } from './roles.ts';
import { staffMemberRoutes, setPasswordRoutes } from './staff-members.ts';
import { twoFactorLoginRoutes, twoFactorRoutes } from './two-factor.ts';
import { staffScreenShareRoutes } from './screen-share.ts';
import { countRoutes } from './counts.ts';
import { helpArticleRoutes } from './help.ts';

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
    await staffOnly.register(staffMemberRoutes);
    await staffOnly.register(twoFactorRoutes);
    await staffOnly.register(staffScreenShareRoutes);
    await staffOnly.register(countRoutes);
    await staffOnly.register(helpArticleRoutes);
  });
}
