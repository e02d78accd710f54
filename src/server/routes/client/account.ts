import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePasswordInputSchema, CLIENT_UNAUTHORIZED } from '#shared/clients/client-api.ts';
import { clientOrderSchema } from '#shared/orders/order-api.ts';
import { erasureRequestResultSchema, erasureRequestStatusSchema } from '#shared/privacy/privacy-api.ts';
import { todayIso } from '#shared/format.ts';
import { idParams, okSchema, pageQuery } from '#shared/common/query.ts';
import { HttpError } from '#server/http-error.ts';
import { FILE_REPLY } from '#server/http-schema.ts';
import { changeClientPassword } from '#server/services/clients/client-account.ts';
import { listClientOrders, loadClientDocument, loadClientInvoice } from '#server/services/orders/client-orders.ts';
import { clientDataArchive } from '#server/services/privacy/export-archive.ts';
import { accountCheck } from '#server/services/security/login-throttle.ts';
import { pendingErasure, requestErasure } from '#server/services/privacy/erasure.ts';
import { sendDocumentPdf } from '#server/routes/invoice-response.ts';
import { sendPage } from '#server/routes/list-reply.ts';
import { RATE_LIMITS } from '#server/rate-limits.ts';

const perClient = (name: string) => (request: FastifyRequest) =>
  `${name}:${request.clientSession?.clientId ?? request.ip}`;

/**
 * The client's self-service (« Mon compte », « Mes factures », « Mes données »). Registered inside the client area's
 * signed-in scope, whose hook sets request.clientSession; no route takes a client id from the request.
 */
export const clientAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const passwordLimit = app.rateLimit({ ...RATE_LIMITS.clientPassword, keyGenerator: perClient('client-password') });
  const exportLimit = app.rateLimit({ ...RATE_LIMITS.clientExport, keyGenerator: perClient('client-data') });

  app.post(
    '/client/password',
    {
      preHandler: passwordLimit,
      schema: { body: changePasswordInputSchema, response: { 200: okSchema } },
    },
    async (request, reply) => {
      await changeClientPassword(
        app.db,
        request.clientSession,
        request.body,
        accountCheck(app.db, reply, 'client', request.ip),
      );
      return { ok: true as const };
    },
  );

  app.get(
    '/client/orders',
    { schema: { querystring: pageQuery, response: { 200: z.array(clientOrderSchema) } } },
    async (request, reply) =>
      sendPage(reply, await listClientOrders(app.db, request.clientSession.clientId, request.query)),
  );

  app.get(
    '/client/orders/:id/invoice',
    { config: FILE_REPLY, schema: { params: idParams } },
    async (request, reply) => {
      const { fileName, pdf } = await loadClientInvoice(
        app.db,
        request.clientSession.clientId,
        request.params.id,
        app.config,
      );
      return sendDocumentPdf(reply, fileName, pdf);
    },
  );

  // An invoice or a credit note of the client's, by the document id their order list gives.
  app.get('/client/documents/:id/pdf', { config: FILE_REPLY, schema: { params: idParams } }, async (request, reply) => {
    const { fileName, pdf } = await loadClientDocument(
      app.db,
      request.clientSession.clientId,
      request.params.id,
      app.config,
    );
    return sendDocumentPdf(reply, fileName, pdf);
  });

  // A download (« Mes données »): every table about the client in data.json, and their files beside it, as one zip.
  app.get('/client/data', { preHandler: exportLimit, config: FILE_REPLY }, async (request, reply) => {
    const archive = await clientDataArchive(app.db, request.clientSession.clientId);
    if (!archive) throw new HttpError('UNAUTHENTICATED', CLIENT_UNAUTHORIZED);
    return reply
      .header('content-disposition', `attachment; filename="mes-donnees-${todayIso()}.zip"`)
      .header('cache-control', 'no-store')
      .type('application/zip')
      .send(archive);
  });

  app.get('/client/erasure-request', { schema: { response: { 200: erasureRequestStatusSchema } } }, async (request) => {
    const pending = await pendingErasure(app.db, request.clientSession.clientId);
    return { requestedAt: pending?.requestedAt ?? null };
  });

  app.post(
    '/client/erasure-request',
    { schema: { response: { 202: erasureRequestResultSchema } } },
    async (request, reply) => {
      const { requestedAt } = await requestErasure(app.db, request.clientSession.clientId);
      return reply.status(202).send({ requestedAt });
    },
  );
};
