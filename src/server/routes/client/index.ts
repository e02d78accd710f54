import type { FastifyInstance } from 'fastify';
import { requireClient } from '../../plugins/auth';
import { clientSessionReader } from '../../services/clients/client-identity';
import { clientAuthRoutes, clientIdentityRoutes } from './auth';
import { clientLogoutRoutes } from './logout';
import { clientPasswordResetRoutes } from './password-reset';
import { clientInterventionRoutes } from './interventions';
import { clientDeviceRoutes } from './devices';
import { clientSubscriptionRoutes } from './subscription';
import { clientAccountRoutes } from './account';
import { clientPaymentRoutes } from '../payments/client-payments';
import { clientEventRoutes } from './events';

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
  });
}
