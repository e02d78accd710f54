import type { FastifyInstance } from 'fastify';
import { requireClient } from '#server/plugins/auth.ts';
import { clientSessionReader } from '#server/services/clients/client-identity.ts';
import { clientAuthRoutes, clientIdentityRoutes } from './auth.ts';
import { clientLogoutRoutes } from './logout.ts';
import { clientPasswordResetRoutes } from './password-reset.ts';
import { clientInterventionRoutes } from './interventions.ts';
import { clientDeviceRoutes } from './devices.ts';
import { clientSubscriptionRoutes } from './subscription.ts';
import { clientAccountRoutes } from './account.ts';
import { clientPaymentRoutes } from '#server/routes/payments/client-payments.ts';
import { clientEventRoutes } from './events.ts';
import { clientScreenShareRoutes } from './screen-share.ts';
import { clientHelpRoutes } from './help.ts';
import { clientWithdrawalRoutes } from './withdrawal.ts';

/**
 * Client-area routes (/api/client/*, /api/auth/*, /api/interventions, /api/subscriptions), the back-office's shape:
 * signing in and out and the forgotten-password link stay outside; every other route sits in one signed-in scope
 * behind one session hook with one 401 wording (access.test.ts fails when a route escapes it).
 */
export async function clientRoutes(app: FastifyInstance) {
  await app.register(clientAuthRoutes);
  await app.register(clientLogoutRoutes);
  await app.register(clientPasswordResetRoutes);

  await app.register(async (signedIn) => {
    signedIn.decorateRequest('clientSession', null as never);
    signedIn.decorateRequest('clientSubscription', null);
    signedIn.addHook('onRequest', requireClient(clientSessionReader(app.db)));
    await signedIn.register(clientIdentityRoutes);
    await signedIn.register(clientInterventionRoutes);
    await signedIn.register(clientDeviceRoutes);
    await signedIn.register(clientSubscriptionRoutes);
    // Self-service: password change, orders and invoices, « Mes données ».
    await signedIn.register(clientAccountRoutes);
    // « Payer en ligne » (when the provider's settings are given).
    await signedIn.register(clientPaymentRoutes);
    await signedIn.register(clientEventRoutes);
    await signedIn.register(clientScreenShareRoutes);
    await signedIn.register(clientHelpRoutes);
    // « Me rétracter » within 14 days of an order's payment.
    await signedIn.register(clientWithdrawalRoutes);
  });
}
