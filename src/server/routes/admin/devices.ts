import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminDeviceQuery,
  adminDeviceSchema,
  deviceRefusalInputSchema,
  proofFileQuery,
  deviceSettingsInputSchema,
  deviceSettingsSchema,
  proofRequestInputSchema,
} from '#shared/devices/device-api.ts';
import { idParams } from '#shared/common/query.ts';
import { FILE_REPLY } from '#server/http-schema.ts';
import { decideDevice, listAdminDevices, requestProof } from '#server/services/devices/staff-review.ts';
import { deviceSettings, updateDeviceSettings } from '#server/services/devices/device-settings.ts';
import { readProof } from '#server/services/devices/proofs.ts';
import { sendAttachment } from '#server/routes/attachment-response.ts';
import { ADMIN_ONLY, ANY_STAFF } from './roles.ts';

/** Devices and their proofs of ownership: technicians check them as admins do (they are the ones who connect). */
export const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/devices',
    { config: ANY_STAFF, schema: { querystring: adminDeviceQuery, response: { 200: z.array(adminDeviceSchema) } } },
    async (request) => listAdminDevices(app.db, request.query, app.clock()),
  );

  app.post(
    '/devices/:id/request-proof',
    {
      config: ANY_STAFF,
      schema: { params: idParams, body: proofRequestInputSchema, response: { 200: adminDeviceSchema } },
    },
    async (request) =>
      requestProof(app.db, app.mail, request.params.id, request.body.message, request.staff, app.clock()),
  );

  app.post(
    '/devices/:id/verify',
    { config: ANY_STAFF, schema: { params: idParams, response: { 200: adminDeviceSchema } } },
    async (request) =>
      decideDevice(app.db, app.mail, request.params.id, { verdict: 'verified' }, request.staff, app.clock()),
  );

  app.post(
    '/devices/:id/refuse',
    {
      config: ANY_STAFF,
      schema: { params: idParams, body: deviceRefusalInputSchema, response: { 200: adminDeviceSchema } },
    },
    async (request) =>
      decideDevice(
        app.db,
        app.mail,
        request.params.id,
        { verdict: 'refused', reason: request.body.reason },
        request.staff,
        app.clock(),
      ),
  );

  // Staff only: a proof is served to no one else, as a download with nosniff and a sandbox (attachment-response.ts);
  // with ?inline=1 an image or a PDF shows in the back-office instead, under the same policy.
  app.get(
    '/device-proofs/:id',
    { config: { ...ANY_STAFF, ...FILE_REPLY }, schema: { params: idParams, querystring: proofFileQuery } },
    async (request, reply) =>
      sendAttachment(reply, await readProof(app.db, request.params.id), { inline: request.query.inline === '1' }),
  );

  // « Justificatif obligatoire pour tout nouvel appareil »: a policy, decided by admins.
  app.get('/device-settings', { config: ANY_STAFF, schema: { response: { 200: deviceSettingsSchema } } }, async () =>
    deviceSettings(app.db),
  );
  app.put(
    '/device-settings',
    { config: ADMIN_ONLY, schema: { body: deviceSettingsInputSchema, response: { 200: deviceSettingsSchema } } },
    async (request) => updateDeviceSettings(app.db, request.body, request.staff),
  );
};
