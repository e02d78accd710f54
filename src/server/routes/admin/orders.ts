import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { orderSchema, orderUpdateSchema } from '../../../shared/schemas/order';
import { PAYMENT_STATUSES } from '../../../shared/labels';
import type { IssuedCredentials, OrderCreated } from '../../../shared/admin-api';
import { notFound, parseInput } from '../../http-error';
import { createOrder, ORDER_NOT_FOUND, regenerateOrderCredentials, updateOrder } from '../../services/orders';
import { listOrders } from '../../services/order-queries';
import { suggestCredentials } from '../../services/credentials';
import { loadInvoice } from '../../services/invoices';
import { sendInvoicePdf } from '../invoice-response';
import { ADMIN_ONLY } from './roles';
import { pageQuery, parseId, parseQuery, sendPage } from './params';

const orderListQuery = pageQuery.extend({
  email: z.string({ error: 'Adresse e-mail invalide' }).trim().max(254, 'Adresse e-mail invalide').optional().transform((s) => s || undefined),
  status: z.enum(PAYMENT_STATUSES, { error: 'Statut de paiement invalide' }).optional(),
});
const suggestQuery = z.object({ name: z.string({ error: 'Nom invalide' }).trim().max(120, 'Nom trop long').optional().default('') });

export async function orderRoutes(app: FastifyInstance) {
  app.get('/manual-orders', { config: ADMIN_ONLY }, async (request, reply) =>
    sendPage(reply, await listOrders(app.db, parseQuery(orderListQuery, request.query))));

  app.post('/manual-orders', { config: ADMIN_ONLY }, async (request, reply) => {
    // price and createdBy in the body are ignored: the schema drops them, the catalogue and the session decide.
    const values = parseInput(orderSchema, request.body);
    // The credentials, payment terms and invoice are queued with the order: the answer never waits for the SMTP server.
    const result = await createOrder(app.db, values, request.staff, app.mail);
    const body: OrderCreated = { id: result.order.id, order: result.order, credentials: result.credentials };
    return reply.status(201).send(body);
  });

  app.patch('/manual-orders/:id', { config: ADMIN_ONLY }, async (request) => {
    const id = parseId(request.params);
    return updateOrder(app.db, id, parseInput(orderUpdateSchema, request.body), request.staff, app.mail);
  });

  app.post('/manual-orders/:id/credentials', { config: ADMIN_ONLY }, async (request): Promise<IssuedCredentials> => {
    const result = await regenerateOrderCredentials(app.db, app.mail, parseId(request.params), request.staff);
    const { username, password } = result.credentials!;
    return { username, password };
  });

  app.get('/manual-orders/:id/receipt', { config: ADMIN_ONLY }, async (request, reply) => {
    const id = parseId(request.params);
    const invoice = await loadInvoice(app.db, id, app.config);
    if (!invoice) throw notFound(ORDER_NOT_FOUND);
    return sendInvoicePdf(reply, id, invoice);
  });

  app.get('/credentials/suggest', { config: ADMIN_ONLY }, async (request): Promise<IssuedCredentials> => {
    const { name } = parseQuery(suggestQuery, request.query);
    return suggestCredentials(app.db, name);
  });
}
