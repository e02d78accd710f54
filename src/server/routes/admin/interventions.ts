import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { interventionUpdateSchema } from '../../../shared/admin-api';
import { INTERVENTION_STATUSES } from '../../../shared/labels';
import { parseInput } from '../../http-error';
import { INTERVENTION_SORTS, listInterventions, updateIntervention } from '../../services/admin-interventions';
import { responseTimeStats } from '../../services/response-clock';
import { markThreadRead, postMessage, readAttachment, readThread } from '../../services/intervention-thread';
import { sendAttachment } from '../attachment-response';
import { MESSAGE_BODY_LIMIT, messageInputSchema } from '../../../shared/thread-api';
import { ANY_STAFF } from './roles';
import { pageQuery, parseId, parseQuery, sendPage } from './params';

const interventionQuery = pageQuery.extend({
  status: z.enum(INTERVENTION_STATUSES, { error: 'Statut invalide' }).optional(),
  sort: z.enum(INTERVENTION_SORTS, { error: 'Tri invalide : « recent » ou « due »' }).optional(),
});

export async function interventionRoutes(app: FastifyInstance) {
  app.get('/interventions', { config: ANY_STAFF }, async (request, reply) =>
    sendPage(reply, await listInterventions(app.db, parseQuery(interventionQuery, request.query))));

  app.get('/interventions/response-times', { config: ANY_STAFF }, async () => responseTimeStats(app.db));

  app.patch('/interventions/:id', { config: ANY_STAFF }, async (request) => {
    const id = parseId(request.params);
    return updateIntervention(app.db, app.mail, id, parseInput(interventionUpdateSchema, request.body), request.staff);
  });

  // Technicians and admins answer clients in the thread of each request.
  const me = (request: FastifyRequest) => ({ side: 'staff' as const, username: request.staff.username });

  app.get('/interventions/:id/messages', { config: ANY_STAFF }, async (request) => readThread(app.db, parseId(request.params), me(request)));

  app.post('/interventions/:id/messages', { config: ANY_STAFF, bodyLimit: MESSAGE_BODY_LIMIT }, async (request, reply) => {
    const id = parseId(request.params);
    await postMessage(app.db, app.mail, id, me(request), parseInput(messageInputSchema, request.body));
    return reply.status(201).send(await readThread(app.db, id, me(request)));
  });

  app.get('/intervention-attachments/:id', { config: ANY_STAFF }, async (request, reply) =>
    sendAttachment(reply, await readAttachment(app.db, parseId(request.params), me(request))));

  app.post('/interventions/:id/messages/read', { config: ANY_STAFF }, async (request) => {
    await markThreadRead(app.db, parseId(request.params), me(request));
    return { ok: true };
  });
}
