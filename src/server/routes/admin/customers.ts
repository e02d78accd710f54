import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerListQuery, customerSchema } from '#shared/orders/customer-api.ts';
import { inboxItemSchema } from '#shared/inbox/inbox-api.ts';
import { idParams } from '#shared/common/query.ts';
import { listCustomers } from '#server/services/orders/customers.ts';
import { listExpiredAccounts } from '#server/services/privacy/retention-accounts.ts';
import { eraseExpiredAccount } from '#server/services/privacy/retention-erasure.ts';
import { ADMIN_ONLY } from './roles.ts';
import { sendPage } from '#server/routes/list-reply.ts';

/** « Utilisateurs », an admin's tab: customers, and (?retention=expired) the accounts past their retention period. */
export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users',
    { config: ADMIN_ONLY, schema: { querystring: customerListQuery, response: { 200: z.array(customerSchema) } } },
    async (request, reply) => {
      const { retention, ...page } = request.query;
      return sendPage(
        reply,
        retention === 'expired'
          ? await listExpiredAccounts(app.db, page, app.clock())
          : await listCustomers(app.db, page),
      );
    },
  );

  // Erasing is an admin's decision, as from « Messages » (routes/admin/erasure.ts): the same erasure, audited.
  app.post(
    '/clients/:id/erase',
    { config: ADMIN_ONLY, schema: { params: idParams, response: { 200: inboxItemSchema } } },
    async (request) => eraseExpiredAccount(app.db, app.mail, request.params.id, request.staff, app.clock()),
  );
};
