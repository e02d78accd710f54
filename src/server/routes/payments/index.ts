import type { FastifyInstance } from 'fastify';
import { paymentProvider } from '#server/services/payments/provider.ts';
import { stripeWebhookRoutes } from './webhook.ts';

/** The provider's calls to us; nothing is served when online payment is off (no Stripe settings). */
export async function paymentRoutes(app: FastifyInstance) {
  const provider = await paymentProvider(app.config);
  if (!provider) return;
  await app.register(stripeWebhookRoutes, { provider });
}
