import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '#shared/common/query.ts';
import { withdrawalDoneSchema } from '#shared/orders/order-api.ts';
import { withdrawFromOrder } from '#server/services/orders/withdrawal.ts';

/** « Me rétracter » (signed-in scope): POST /api/client/orders/:id/withdrawal, acknowledged by e-mail. */
export const clientWithdrawalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/client/orders/:id/withdrawal',
    { schema: { params: idParams, response: { 200: withdrawalDoneSchema } } },
    async (request) => withdrawFromOrder(app.db, app.mail, request.clientSession.clientId, request.params.id),
  );
};
