import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkoutStartedSchema, onlinePaymentSchema } from '#shared/payments/payment-api.ts';
import { idParams } from '#shared/common/query.ts';
import { HttpError } from '#server/http-error.ts';
import { startCheckout } from '#server/services/payments/checkout.ts';
import { paymentProvider } from '#server/services/payments/provider.ts';

/** « Payer en ligne » in the client area; registered inside its signed-in scope (routes/client/index.ts). */
export const clientPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = await paymentProvider(app.config);

  app.get('/client/payments', { schema: { response: { 200: onlinePaymentSchema } } }, async () => ({
    enabled: provider !== null,
  }));

  app.post(
    '/client/orders/:id/checkout',
    { schema: { params: idParams, response: { 201: checkoutStartedSchema } } },
    async (request, reply) => {
      if (!provider)
        throw new HttpError(
          'NOT_FOUND',
          'Le paiement en ligne n’est pas proposé : notre équipe vous contacte pour le règlement.',
        );
      const started = await startCheckout(
        app.db,
        provider,
        app.config,
        request.clientSession.clientId,
        request.params.id,
      );
      return reply.status(201).send(started);
    },
  );
};
