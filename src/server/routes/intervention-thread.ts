// The thread of a request (shared/thread-api.ts), one set of routes for both sides: staff under /api/admin, the
// client under /api/client (registered with `prefix: '/client'`). What differs between them is passed in; what a
// side may read, and whom a message notifies, the service decides from the reader (services/interventions/intervention-thread.ts).
import type { FastifyContextConfig, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams, okSchema } from '#shared/common/query.ts';
import {
  MESSAGE_BODY_LIMIT,
  MESSAGE_TOO_LARGE,
  messageInputSchema,
  threadReadSchema,
  threadSchema,
} from '#shared/interventions/thread-api.ts';
import { FILE_REPLY } from '#server/http-schema.ts';
import {
  markThreadRead,
  postMessage,
  readAttachment,
  readThread,
  type Author,
  type Reader,
} from '#server/services/interventions/intervention-thread.ts';
import { sendAttachment } from './attachment-response.ts';

export type ThreadSide = {
  /** Every thread route's config on this side (the staff scope's roles). */
  config?: FastifyContextConfig;
  /** Who reads, from the scope's session: a client reaches only their own requests (another's answers 404). */
  reader: (request: FastifyRequest) => Reader;
  /** Who writes: the reader, and for a client the room their files may take. */
  author: (request: FastifyRequest) => Author;
  /**
   * What may refuse a post before its body (up to 6.7 MB) is read, after the scope's session hook: the side's
   * allowance from RATE_LIMITS, a quota from the Content-Length. Fastify's bodyLimit comes after, from that length
   * or while the body arrives.
   */
  beforeBody?: onRequestHookHandler[];
};

export const interventionThreadRoutes: FastifyPluginAsyncZod<ThreadSide> = async (app, side) => {
  const { reader, author } = side;

  app.get(
    '/interventions/:id/messages',
    { config: { ...side.config }, schema: { params: idParams, response: { 200: threadSchema } } },
    async (request) => readThread(app.db, request.params.id, reader(request)),
  );

  app.post(
    '/interventions/:id/messages',
    {
      onRequest: side.beforeBody ?? [],
      bodyLimit: MESSAGE_BODY_LIMIT,
      config: { ...side.config, bodyTooLarge: MESSAGE_TOO_LARGE },
      schema: { params: idParams, body: messageInputSchema, response: { 201: threadSchema } },
    },
    async (request, reply) => {
      await postMessage(app.db, app.mail, request.params.id, author(request), request.body);
      return reply.status(201).send(await readThread(app.db, request.params.id, reader(request)));
    },
  );

  app.get(
    '/intervention-attachments/:id',
    { config: { ...side.config, ...FILE_REPLY }, schema: { params: idParams } },
    async (request, reply) => sendAttachment(reply, await readAttachment(app.db, request.params.id, reader(request))),
  );

  app.post(
    '/interventions/:id/messages/read',
    {
      config: { ...side.config },
      schema: { params: idParams, body: threadReadSchema.optional(), response: { 200: okSchema } },
    },
    async (request) => {
      await markThreadRead(app.db, request.params.id, reader(request), request.body?.upTo);
      return { ok: true as const };
    },
  );
};
