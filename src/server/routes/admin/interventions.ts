import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminInterventionSchema,
  interventionAssignInputSchema,
  interventionListQuery,
  interventionUpdateInputSchema,
  responseTimeStatsSchema,
} from '#shared/interventions/intervention-api.ts';
import { ratingStatsSchema } from '#shared/interventions/rating-api.ts';
import { idParams } from '#shared/common/query.ts';
import {
  adminIntervention,
  listInterventions,
  updateIntervention,
} from '#server/services/interventions/admin-interventions.ts';
import { createClientIntervention } from '#server/services/interventions/client-interventions.ts';
import { staffInterventionInputSchema } from '#shared/interventions/intervention-input.ts';
import { assignIntervention } from '#server/services/interventions/assignment.ts';
import { responseTimeStats } from '#server/services/interventions/response-clock.ts';
import { ratingStats } from '#server/services/interventions/intervention-ratings.ts';
import { interventionThreadRoutes } from '#server/routes/intervention-thread.ts';
import { endSharesWithoutWatcher } from '#server/plugins/remote.ts';
import { ADMIN_ONLY, ANY_STAFF } from './roles.ts';
import { remoteToolSettingsReply, remoteToolSettingsSchema } from '#shared/interventions/remote-tools.ts';
import { remoteToolSettings, updateRemoteToolSettings } from '#server/services/interventions/remote-tool-settings.ts';
import { sendPage } from '#server/routes/list-reply.ts';
import { endShareOfClosingRequest } from '#server/services/remote/screen-shares.ts';

export const interventionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/interventions',
    {
      config: ANY_STAFF,
      schema: { querystring: interventionListQuery, response: { 200: z.array(adminInterventionSchema) } },
    },
    async (request, reply) =>
      sendPage(reply, await listInterventions(app.db, request.query, request.staff, app.clock())),
  );

  app.get(
    '/interventions/response-times',
    { config: ANY_STAFF, schema: { response: { 200: responseTimeStatsSchema } } },
    async () => responseTimeStats(app.db),
  );

  // Clients' ratings per month; each request's own rating comes with it in the list above.
  app.get('/interventions/ratings', { config: ANY_STAFF, schema: { response: { 200: ratingStatsSchema } } }, async () =>
    ratingStats(app.db),
  );

  // A request opened on a client's behalf (they phoned), for one of their devices, even one whose proof is awaited or
  // refused: the client then finds it in their requests (services/interventions/client-interventions.ts).
  app.post(
    '/interventions',
    {
      config: ANY_STAFF,
      schema: { body: staffInterventionInputSchema, response: { 201: adminInterventionSchema } },
    },
    async (request, reply) => {
      const { clientId, ...input } = request.body;
      const row = await createClientIntervention(
        app.db,
        clientId,
        { source: 'staff', actor: request.staff, ...input },
        app.clock(),
      );
      return reply.status(201).send((await adminIntervention(app.db, row.id, app.clock()))!);
    },
  );

  app.patch(
    '/interventions/:id',
    {
      config: ANY_STAFF,
      schema: { params: idParams, body: interventionUpdateInputSchema, response: { 200: adminInterventionSchema } },
    },
    async (request) => {
      const updated = await updateIntervention(
        app.db,
        app.mail,
        request.params.id,
        request.body,
        request.staff,
        (tx, id, now) => endShareOfClosingRequest(tx, id, { side: 'staff', staff: request.staff }, now),
      );
      // Taking a request in charge can take it from a member watching its screen share.
      if (request.body.status === 'in_progress') await endSharesWithoutWatcher(app);
      return updated;
    },
  );

  // Admins give a request to anyone; a technician takes a free one for themself (services/interventions/assignment.ts).
  app.put(
    '/interventions/:id/assignee',
    {
      config: ANY_STAFF,
      schema: { params: idParams, body: interventionAssignInputSchema, response: { 200: adminInterventionSchema } },
    },
    async (request) => {
      await assignIntervention(app.db, request.params.id, request.body.staffId, request.staff);
      await endSharesWithoutWatcher(app);
      return (await adminIntervention(app.db, request.params.id))!;
    },
  );

  // The tools offered to clients for « Session à distance »: technicians read them, admins choose them.
  app.get('/remote-tools', { config: ANY_STAFF, schema: { response: { 200: remoteToolSettingsReply } } }, async () =>
    remoteToolSettings(app.db),
  );
  app.put(
    '/remote-tools',
    { config: ADMIN_ONLY, schema: { body: remoteToolSettingsSchema, response: { 200: remoteToolSettingsReply } } },
    async (request) => updateRemoteToolSettings(app.db, request.body, request.staff),
  );

  // Technicians and admins answer clients in the thread of each request (routes/intervention-thread.ts). Staff files
  // are not counted in the client's quota (see attachment-quota.ts); the size limit holds after the role check.
  const staffReader = (request: FastifyRequest) => ({
    side: 'staff' as const,
    username: request.staff.username,
    staffId: request.staff.id,
  });
  await app.register(interventionThreadRoutes, { config: ANY_STAFF, reader: staffReader, author: staffReader });
};
