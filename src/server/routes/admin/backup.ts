import { createReadStream } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { backupStatusSchema, currentBackupSchema, type BackupStatusDto } from '#shared/backup/backup-api.ts';
import { idParams } from '#shared/common/query.ts';
import { HttpError } from '#server/http-error.ts';
import { FILE_REPLY } from '#server/http-schema.ts';
import { writeAudit } from '#server/services/security/audit.ts';
import { createBackupRunner, type BackupRunner } from '#server/services/backup/runner.ts';
import { ADMIN_ONLY, staffGate } from './roles.ts';

function requireUnlocked(request: FastifyRequest) {
  if (!request.staff.unlocked) {
    throw new HttpError('LOCKED', 'Déverrouillez d’abord l’onglet Téléchargement avec le code secret.');
  }
}

/**
 * The Téléchargement tab: start a backup (it runs in the background, services/backup/runner.ts), follow its
 * progress, download the archive. Admins only, once the tab is unlocked with the secret code; every start and
 * download is in the audit log, since the archive holds everything, password hashes included.
 */
export const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  // Made on first use: the role matrix registers these routes on a bare Fastify to read their declarations.
  let made: BackupRunner | undefined;
  const backups = () =>
    (made ??= createBackupRunner({
      database: app.database,
      dataDir: app.config.DATA_DIR,
      config: app.config,
      log: app.log,
    }));
  app.addHook('onClose', async () => made?.stop());

  // The original page posts with a JSON content type and no body: accept that here instead of a 400.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, body === '' ? {} : JSON.parse(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });

  const start = async (request: FastifyRequest): Promise<BackupStatusDto> => {
    requireUnlocked(request);
    const started = backups().start(request.staff.username);
    await writeAudit(app.db, request.staff, { action: 'backup.start', entity: 'site', entityId: started.id });
    return started;
  };

  const send = async (request: FastifyRequest, reply: FastifyReply, id: number) => {
    const file = await backups().file(id);
    await writeAudit(app.db, request.staff, { action: 'backup.download', entity: 'site', entityId: id });
    return reply
      .header('content-type', 'application/zip')
      .header('content-length', String(file.size))
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'no-store')
      .send(createReadStream(file.path));
  };

  app.post(
    '/backups',
    { config: ADMIN_ONLY, schema: { response: { 202: backupStatusSchema } } },
    async (request, reply) => reply.code(202).send(await start(request)),
  );

  app.get(
    '/backups/current',
    { config: ADMIN_ONLY, schema: { response: { 200: currentBackupSchema } } },
    async (request) => {
      requireUnlocked(request);
      return { backup: backups().current() };
    },
  );

  app.get(
    '/backups/:id/download',
    { config: { ...ADMIN_ONLY, ...FILE_REPLY }, schema: { params: idParams } },
    async (request, reply) => {
      requireUnlocked(request);
      return send(request, reply, request.params.id);
    },
  );

  // docs/specification.md §7's call, kept for scripts: the same background backup (or the one already running), its zip
  // once written.
  app.post('/download-site', { config: { ...ADMIN_ONLY, ...FILE_REPLY } }, async (request, reply) => {
    requireUnlocked(request);
    const running = backups().current();
    const id = running?.state === 'running' ? running.id : (await start(request)).id;
    await backups().settled();
    const finished = backups().current();
    if (finished?.id !== id || finished.state !== 'done')
      throw new HttpError('BACKUP_FAILED', finished?.error ?? 'La sauvegarde a échoué.');
    // Writing it can take minutes: the archive, password hashes included, leaves only if the caller is still an
    // unlocked admin now (not disabled, demoted or signed out meanwhile).
    await staffGate(request);
    requireUnlocked(request);
    return send(request, reply, id);
  });
};
