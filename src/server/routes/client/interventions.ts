import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientInterventionSchema } from '../../../shared/schemas/intervention';
import { parseInput } from '../../http-error';
import {
  createClientIntervention, dashboardInterventionInput, listClientInterventions, toClientIntervention, toUserIntervention,
} from '../../services/client-interventions';
import { markThreadRead, postMessage, readAttachment, readThread } from '../../services/intervention-thread';
import { sendAttachment } from '../attachment-response';
import { MESSAGE_BODY_LIMIT, messageInputSchema } from '../../../shared/thread-api';
import { pageQuery, parseId, parseQuery, sendPage } from '../admin/params';

/** One allowance shared by both creation calls: 10 requests a minute per signed-in client. */
const CREATION_LIMIT = { max: 10, timeWindow: '1 minute' };

/**
 * A client's own interventions, from the client area (/api/client/interventions) and from the dashboard
 * (/api/interventions), in the signed-in scope; no call takes a client id from the request.
 */
export async function clientInterventionRoutes(app: FastifyInstance) {

  const creationLimit = app.rateLimit({
    ...CREATION_LIMIT,
    keyGenerator: (request: FastifyRequest) => `client-intervention:${request.clientSession.clientId}`,
  });

  app.get('/client/interventions', async (request, reply) => {
    const page = await listClientInterventions(app.db, request.clientSession.clientId, parseQuery(pageQuery, request.query));
    return sendPage(reply, { items: page.items.map(toClientIntervention), total: page.total });
  });

  app.post('/client/interventions', { preHandler: creationLimit }, async (request, reply) => {
    const input = parseInput(clientInterventionSchema, request.body);
    const row = await createClientIntervention(app.db, request.clientSession.clientId, { source: 'client', ...input }, undefined, app.mail);
    return reply.status(201).send(toClientIntervention(row));
  });

  app.get('/interventions', async (request, reply) => {
    const page = await listClientInterventions(app.db, request.clientSession.clientId, parseQuery(pageQuery, request.query));
    return sendPage(reply, { items: page.items.map(toUserIntervention), total: page.total });
  });

  app.post('/interventions', { preHandler: creationLimit }, async (request, reply) => {
    const input = parseInput(dashboardInterventionInput, request.body);
    const row = await createClientIntervention(app.db, request.clientSession.clientId, { source: 'dashboard', ...input }, undefined, app.mail);
    return reply.status(201).send(toUserIntervention(row));
  });

  // The thread of one of the client's own requests: another client's id answers 404.
  const me = (request: FastifyRequest) => ({ side: 'client' as const, clientId: request.clientSession.clientId });
  const messageLimit = app.rateLimit({
    max: 30, timeWindow: '1 minute', keyGenerator: (request: FastifyRequest) => `client-message:${request.clientSession.clientId}`,
  });

  app.get('/client/interventions/:id/messages', async (request) => readThread(app.db, parseId(request.params), me(request)));

  app.post('/client/interventions/:id/messages', { preHandler: messageLimit, bodyLimit: MESSAGE_BODY_LIMIT }, async (request, reply) => {
    const id = parseId(request.params);
    await postMessage(app.db, app.mail, id, me(request), parseInput(messageInputSchema, request.body));
    return reply.status(201).send(await readThread(app.db, id, me(request)));
  });

  app.get('/client/intervention-attachments/:id', async (request, reply) =>
    sendAttachment(reply, await readAttachment(app.db, parseId(request.params), me(request))));

  app.post('/client/interventions/:id/messages/read', async (request) => {
    await markThreadRead(app.db, parseId(request.params), me(request));
    return { ok: true };
  });
}
