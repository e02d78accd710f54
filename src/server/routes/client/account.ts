import type { FastifyInstance, FastifyRequest } from 'fastify';
import { changePasswordSchema, CLIENT_UNAUTHORIZED } from '../../../shared/client-api';
import { todayIso } from '../../../shared/format';
import { HttpError, parseInput } from '../../http-error';
import { changeClientPassword, listClientOrders, loadClientInvoice } from '../../services/client-account';
import { exportClientData } from '../../services/client-data';
import { pendingErasure, requestErasure } from '../../services/erasure';
import { sendInvoicePdf } from '../invoice-response';
import { pageQuery, parseId, parseQuery, sendPage } from '../admin/params';

/** Per signed-in client: enough for a person, too few to guess a current password with a borrowed session. */
const PASSWORD_LIMIT = { max: 10, timeWindow: '15 minutes' };
/** The export reads every table about the client: a person needs it rarely. */
const EXPORT_LIMIT = { max: 10, timeWindow: '1 minute' };

const perClient = (name: string) => (request: FastifyRequest) => `${name}:${request.clientSession?.clientId ?? request.ip}`;

/**
 * The client's self-service (« Mon compte », « Mes factures », « Mes données »). Registered inside the client area's
 * signed-in scope, whose hook sets request.clientSession; no route takes a client id from the request.
 */
export async function clientAccountRoutes(app: FastifyInstance) {
  const passwordLimit = app.rateLimit({ ...PASSWORD_LIMIT, keyGenerator: perClient('client-password') });
  const exportLimit = app.rateLimit({ ...EXPORT_LIMIT, keyGenerator: perClient('client-data') });

  app.post('/client/password', { preHandler: passwordLimit }, async (request) => {
    await changeClientPassword(app.db, request.clientSession, parseInput(changePasswordSchema, request.body));
    return { ok: true as const };
  });

  app.get('/client/orders', async (request, reply) =>
    sendPage(reply, await listClientOrders(app.db, request.clientSession.clientId, parseQuery(pageQuery, request.query))));

  app.get('/client/orders/:id/invoice', async (request, reply) => {
    const id = parseId(request.params);
    const invoice = await loadClientInvoice(app.db, request.clientSession.clientId, id, app.config);
    return sendInvoicePdf(reply, id, invoice);
  });

  app.get('/client/data', { preHandler: exportLimit }, async (request, reply) => {
    const data = await exportClientData(app.db, request.clientSession.clientId);
    if (!data) throw new HttpError(401, CLIENT_UNAUTHORIZED, 'UNAUTHENTICATED');
    return reply
      .header('content-disposition', `attachment; filename="mes-donnees-${todayIso()}.json"`)
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(data, null, 2));
  });

  app.get('/client/erasure-request', async (request) => {
    const pending = await pendingErasure(app.db, request.clientSession.clientId);
    return { requestedAt: pending?.requestedAt ?? null };
  });

  app.post('/client/erasure-request', async (request, reply) => {
    const { requestedAt } = await requestErasure(app.db, request.clientSession.clientId);
    return reply.status(202).send({ requestedAt });
  });
}
