import type { FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import { HttpError } from '#server/http-error.ts';
import { handleProviderEvent } from '#server/services/payments/confirmation.ts';
import type { PaymentProvider } from '#server/services/payments/provider.ts';

/** The provider's default: a signature older than five minutes is refused (a replayed delivery). */
const SIGNATURE_TOLERANCE_S = 300;

/**
 * POST /api/payments/stripe/webhook: the provider's word on a Checkout session. The signature is checked on the
 * body's very bytes, so this scope reads JSON as a Buffer (its own parser, for this route only).
 */
export const stripeWebhookRoutes: FastifyPluginAsync<{ provider: PaymentProvider }> = async (app, { provider }) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post('/payments/stripe/webhook', async (request, reply) => {
    const signature = request.headers['stripe-signature'];
    let event: Stripe.Event;
    try {
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw new Error('unsigned');
      event = provider.stripe.webhooks.constructEvent(
        request.body,
        signature,
        provider.webhookSecret,
        SIGNATURE_TOLERANCE_S,
      );
    } catch {
      throw new HttpError('BAD_SIGNATURE', 'Signature absente, invalide ou trop ancienne : événement refusé.');
    }
    const outcome = await handleProviderEvent(app.db, event, { config: app.config, mail: app.mail, clock: app.clock });
    request.log.info({ event: event.id, type: event.type, outcome }, 'payment provider event');
    return reply.send({ received: true });
  });
};
