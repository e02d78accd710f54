import multipart from '@fastify/multipart';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deviceInputSchema,
  deviceSchema,
  PROOF_MAX_BYTES,
  PROOF_EMPTY_MESSAGE,
  PROOF_TOO_BIG_MESSAGE,
  PROOF_TYPE_MESSAGE,
  PROOF_UPLOAD_MAX_BYTES,
  UPLOAD_HEADER,
} from '#shared/devices/device-api.ts';
import { idParams } from '#shared/common/query.ts';
import { isPrintable } from '#shared/common/fields.ts';
import { HttpError } from '#server/http-error.ts';
import { addDevice, coverDevice, listClientDevices, retireDevice } from '#server/services/devices/client-devices.ts';
import { addProof } from '#server/services/devices/proofs.ts';
import { proofRoomBeforeBody } from '#server/services/devices/proof-room.ts';
import { sniffFileType } from '#server/services/interventions/file-type.ts';
import { RATE_LIMITS } from '#server/rate-limits.ts';

/** « Mes appareils »: the client's own devices (another client's id answers 404), in the signed-in scope. */
export const clientDeviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const limit = app.rateLimit({
    ...RATE_LIMITS.clientFeedback,
    keyGenerator: (request: FastifyRequest) => `client-device:${request.clientSession.clientId}`,
  });

  app.get('/client/devices', { schema: { response: { 200: z.array(deviceSchema) } } }, async (request) =>
    listClientDevices(app.db, request.clientSession.clientId, app.clock()),
  );

  app.post(
    '/client/devices',
    { preHandler: limit, schema: { body: deviceInputSchema, response: { 201: deviceSchema } } },
    async (request, reply) =>
      reply.status(201).send(await addDevice(app.db, request.clientSession.clientId, request.body, app.clock())),
  );

  app.post(
    '/client/devices/:id/retire',
    { preHandler: limit, schema: { params: idParams, response: { 200: deviceSchema } } },
    async (request) => retireDevice(app.db, request.clientSession.clientId, request.params.id, app.clock()),
  );

  // After a plan change to fewer devices: this one stays covered, the last covered one becomes « hors formule ».
  app.post(
    '/client/devices/:id/cover',
    { preHandler: limit, schema: { params: idParams, response: { 200: deviceSchema } } },
    async (request) => coverDevice(app.db, request.clientSession.clientId, request.params.id, app.clock()),
  );

  // The one multipart route, in a scope of its own: no other route parses multipart, and a cross-site <form> cannot
  // send the header it requires (a fetch with it needs a preflight nothing answers; docs/decisions/015 and 019).
  await app.register(proofUploadRoutes, { limit });
};

/** A request that cannot be a proof, refused before its body is read: no upload header, or a body too large. */
async function refuseBeforeBody(request: FastifyRequest) {
  if (request.headers[UPLOAD_HEADER] !== '1') {
    throw new HttpError(
      'UPLOAD_HEADER',
      'Envoi refusé : rechargez la page puis envoyez le fichier depuis « Mes appareils ».',
    );
  }
  // A body announced larger than a proof (and its multipart framing) is refused before it is read.
  if (Number(request.headers['content-length'] ?? 0) > PROOF_UPLOAD_MAX_BYTES) {
    throw new HttpError('ATTACHMENT_TOO_BIG', PROOF_TOO_BIG_MESSAGE);
  }
}

const PROOF_MISSING_MESSAGE = 'Choisissez une photo ou un PDF à envoyer.';
const PROOF_ONE_FILE_MESSAGE = 'Envoyez un seul fichier à la fois : une photo ou un PDF par envoi.';

/**
 * What reading the form can throw is the sender's: a file over the limit, or a body that is not the form the page
 * sends (no boundary, cut short, a plain field first). Each gets a French answer, not the parser's 500.
 */
function unreadableUpload(error: unknown): never {
  if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
    throw new HttpError('ATTACHMENT_TOO_BIG', PROOF_TOO_BIG_MESSAGE);
  throw new HttpError('VALIDATION', PROOF_MISSING_MESSAGE, { file: ['Fichier illisible : envoyez-le à nouveau'] });
}

/** The proof's file, read within multipart's limits, with its sniffed type and a printable name. */
async function readProof(request: FastifyRequest) {
  if (!request.isMultipart())
    throw new HttpError('UNSUPPORTED_MEDIA_TYPE', 'Envoyez le fichier comme formulaire (champ « file »).');
  const parts = request.parts();
  const { value: part } = await parts.next().catch(unreadableUpload);
  if (!part || part.type !== 'file' || part.fieldname !== 'file')
    throw new HttpError('VALIDATION', PROOF_MISSING_MESSAGE, { file: ['Fichier manquant'] });
  const data = await part.toBuffer().catch(unreadableUpload);
  // One proof per upload, as the page sends it: a second part (over multipart's limit of one) is refused, not dropped
  // while the first is kept as if nothing else had been sent.
  const more = await parts.next().catch(() => ({ done: false }));
  if (!more.done) throw new HttpError('VALIDATION', PROOF_ONE_FILE_MESSAGE, { file: [PROOF_ONE_FILE_MESSAGE] });
  // An empty file (a photo the phone had not finished saving, a cloud file not downloaded) says so, not « not a photo ».
  if (data.length === 0) throw new HttpError('VALIDATION', PROOF_EMPTY_MESSAGE, { file: [PROOF_EMPTY_MESSAGE] });
  const mimeType = sniffFileType(data);
  if (!mimeType) throw new HttpError('ATTACHMENT_TYPE', PROOF_TYPE_MESSAGE, { file: [PROOF_TYPE_MESSAGE] });
  const name = (part.filename || 'justificatif').slice(0, 200);
  return { name: isPrintable(name) ? name : 'justificatif', mimeType, data };
}

const proofUploadRoutes: FastifyPluginAsyncZod<{ limit: preHandlerAsyncHookHandler }> = async (upload, { limit }) => {
  const proofQuotaBytes = upload.config.PROOF_QUOTA_MB * 1024 * 1024;
  await upload.register(multipart, { limits: { fileSize: PROOF_MAX_BYTES, files: 1, fields: 0, parts: 1 } });
  upload.post(
    '/client/devices/:id/proofs',
    {
      onRequest: [refuseBeforeBody, limit],
      // After the rate limit, before the body is read (the handler reads it): room for one more proof.
      preHandler: proofRoomBeforeBody(upload.db, proofQuotaBytes, (request) => request.clientSession.clientId),
      // Read by multipart's own limits, declared here too: the proxy recipe's body limit follows the largest.
      bodyLimit: PROOF_UPLOAD_MAX_BYTES,
      schema: { params: idParams, response: { 201: deviceSchema } },
    },
    async (request, reply) => {
      const proof = await readProof(request);
      const clientId = request.clientSession.clientId;
      const device = await addProof(
        upload.db,
        upload.mail,
        clientId,
        request.params.id,
        proof,
        proofQuotaBytes,
        upload.clock(),
      );
      return reply.status(201).send(device);
    },
  );
};
