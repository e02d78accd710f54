import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  failedSearchSchema,
  helpArticleInputSchema,
  helpArticlePatchSchema,
  helpArticleSchema,
  helpPreviewInputSchema,
  helpPreviewSchema,
} from '#shared/help/help-admin-api.ts';
import { idParams, okSchema } from '#shared/common/query.ts';
import {
  createArticle,
  deleteArticle,
  getArticle,
  listArticles,
  updateArticle,
} from '#server/services/help/articles.ts';
import { renderMarkdown } from '#server/services/help/markdown.ts';
import { listFailedSearches } from '#server/services/help/reader-answers.ts';
import { ADMIN_ONLY, ANY_STAFF } from './roles.ts';

/**
 * « Aide »: every member writes articles and reads what readers made of them; the service lets only admins publish
 * or change what is published, and deleting is an admin's.
 */
export const helpArticleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/help/articles',
    { config: ANY_STAFF, schema: { response: { 200: z.array(helpArticleSchema) } } },
    async () => listArticles(app.db),
  );

  app.get(
    '/help/articles/:id',
    { config: ANY_STAFF, schema: { params: idParams, response: { 200: helpArticleSchema } } },
    async (request) => getArticle(app.db, request.params.id),
  );

  app.post(
    '/help/articles',
    { config: ANY_STAFF, schema: { body: helpArticleInputSchema, response: { 201: helpArticleSchema } } },
    async (request, reply) => reply.status(201).send(await createArticle(app.db, request.staff, request.body)),
  );

  app.patch(
    '/help/articles/:id',
    {
      config: ANY_STAFF,
      schema: { params: idParams, body: helpArticlePatchSchema, response: { 200: helpArticleSchema } },
    },
    async (request) => updateArticle(app.db, request.staff, request.params.id, request.body),
  );

  app.delete(
    '/help/articles/:id',
    { config: ADMIN_ONLY, schema: { params: idParams, response: { 200: okSchema } } },
    async (request) => {
      await deleteArticle(app.db, request.staff, request.params.id);
      return { ok: true as const };
    },
  );

  // What the article will look like, rendered by the same code as the public page.
  app.post(
    '/help/preview',
    { config: ANY_STAFF, schema: { body: helpPreviewInputSchema, response: { 200: helpPreviewSchema } } },
    async (request) => ({ html: renderMarkdown(request.body.body) }),
  );

  app.get(
    '/help/failed-searches',
    { config: ANY_STAFF, schema: { response: { 200: z.array(failedSearchSchema) } } },
    async () => listFailedSearches(app.db),
  );
};
