import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderInputSchema, orderUpdateInputSchema } from '#shared/orders/order-input.ts';
import {
  IDEMPOTENCY_HEADER,
  credentialsSuggestQuery,
  issuedCredentialsSchema,
  orderCreatedSchema,
  orderCreationHeaders,
  orderListQuery,
  orderSchema,
} from '#shared/orders/order-api.ts';
import { idParams } from '#shared/common/query.ts';
import { notFound } from '#server/http-error.ts';
import { FILE_REPLY } from '#server/http-schema.ts';
import { createOrder, updateOrder } from '#server/services/orders/orders.ts';
import { regenerateOrderCredentials } from '#server/services/orders/order-accounts.ts';
import { listOrders, getOrderDto } from '#server/services/orders/order-queries.ts';
import { suggestCredentials } from '#server/services/clients/credentials.ts';
import { documentPdf, loadDocument, orderInvoice } from '#server/services/billing/documents.ts';
import { issueCreditNote } from '#server/services/billing/credit-note-issue.ts';
import { paymentProvider, cardRefunds } from '#server/services/payments/provider.ts';
import { creditNoteInputSchema } from '#shared/billing/invoice-api.ts';
import { HttpError } from '#server/http-error.ts';
import { sendDocumentPdf } from '#server/routes/invoice-response.ts';
import { ADMIN_ONLY } from './roles.ts';
import { sendPage } from '#server/routes/list-reply.ts';

const NO_INVOICE_YET = 'Cette commande n’a pas encore de facture : elle est émise le jour où la commande est payée.';
const FILE = { ...ADMIN_ONLY, ...FILE_REPLY };

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(orderEntryRoutes);
  await app.register(orderDocumentRoutes);
};

/** Orders as staff enter them: the list, a new order, its changes and its credentials. */
const orderEntryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/manual-orders',
    { config: ADMIN_ONLY, schema: { querystring: orderListQuery, response: { 200: z.array(orderSchema) } } },
    async (request, reply) => sendPage(reply, await listOrders(app.db, request.query)),
  );

  app.post(
    '/manual-orders',
    {
      config: ADMIN_ONLY,
      schema: {
        headers: orderCreationHeaders,
        body: orderInputSchema,
        response: { 200: orderCreatedSchema, 201: orderCreatedSchema },
      },
    },
    async (request, reply) => {
      // price and createdBy in the body are ignored: the schema drops them, the catalogue and the session decide.
      const values = request.body;
      // The credentials, payment terms and invoice are queued with the order: the answer never waits for the SMTP server.
      const result = await createOrder(app.db, values, request.staff, {
        config: app.config,
        mail: app.mail,
        clock: app.clock,
        idempotencyKey: request.headers[IDEMPOTENCY_HEADER],
      });
      return reply
        .status(result.replayed ? 200 : 201)
        .send({ id: result.order.id, order: result.order, credentials: result.credentials, replayed: result.replayed });
    },
  );

  app.patch(
    '/manual-orders/:id',
    {
      config: ADMIN_ONLY,
      schema: { params: idParams, body: orderUpdateInputSchema, response: { 200: orderSchema } },
    },
    async (request) => {
      return updateOrder(app.db, request.params.id, request.body, request.staff, {
        config: app.config,
        mail: app.mail,
        clock: app.clock,
      });
    },
  );

  app.post(
    '/manual-orders/:id/credentials',
    {
      config: ADMIN_ONLY,
      schema: { params: idParams, response: { 200: issuedCredentialsSchema } },
    },
    async (request) => {
      const result = await regenerateOrderCredentials(app.db, app.mail, request.params.id, request.staff);
      const { username, password } = result.credentials!;
      return { username, password };
    },
  );

  app.get(
    '/credentials/suggest',
    {
      config: ADMIN_ONLY,
      schema: { querystring: credentialsSuggestQuery, response: { 200: issuedCredentialsSchema } },
    },
    async (request) => suggestCredentials(app.db, request.query.name),
  );
};

/** What an order has issued: its invoice, its credit notes (with a card refund) and any document's PDF. */
const orderDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  // The order's invoice as issued; a pending order has none yet (it is issued on the day it is paid).
  app.get('/manual-orders/:id/receipt', { config: FILE, schema: { params: idParams } }, async (request, reply) => {
    const invoice = await orderInvoice(app.db, request.params.id);
    if (!invoice) throw notFound(NO_INVOICE_YET);
    const { fileName, pdf } = await documentPdf(app.db, app.config, invoice);
    return sendDocumentPdf(reply, fileName, pdf);
  });

  // `refund: true` also refunds the card through the provider (online payment on, order paid online).
  const provider = await paymentProvider(app.config);
  app.post(
    '/manual-orders/:id/credit-notes',
    {
      config: ADMIN_ONLY,
      schema: { params: idParams, body: creditNoteInputSchema, response: { 201: orderSchema } },
    },
    async (request, reply) => {
      await issueCreditNote(app.db, request.params.id, request.body, request.staff, {
        config: app.config,
        mail: app.mail,
        clock: app.clock,
        refunds: provider && cardRefunds(provider),
      });
      return reply.status(201).send((await getOrderDto(app.db, request.params.id))!);
    },
  );

  // Any issued invoice or credit note, by the id the order's documents list gives.
  app.get('/documents/:id/pdf', { config: FILE, schema: { params: idParams } }, async (request, reply) => {
    const row = await loadDocument(app.db, request.params.id);
    if (!row) throw new HttpError('NOT_FOUND', 'Document introuvable');
    const { fileName, pdf } = await documentPdf(app.db, app.config, row);
    return sendDocumentPdf(reply, fileName, pdf);
  });
};
