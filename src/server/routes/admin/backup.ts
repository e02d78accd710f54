import type { FastifyInstance } from 'fastify';
import { todayIso } from '../../../shared/format';
import { HttpError } from '../../http-error';
import { buildBackup } from '../../services/backup';
import { writeAudit } from '../../services/audit';
import { ADMIN_ONLY } from './roles';

export async function backupRoutes(app: FastifyInstance) {
  // The original page posts with a JSON content type and no body: accept that here instead of a 400.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, body === '' ? {} : JSON.parse(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });

  app.post('/download-site', { config: ADMIN_ONLY }, async (request, reply) => {
    if (!request.staff.unlocked) {
      throw new HttpError(403, 'Déverrouillez d’abord l’onglet Téléchargement avec le code secret.', 'LOCKED');
    }
    const stream = await buildBackup(app.db, app.config);
    // Everything, password hashes included, leaves the server: keep a trace of who took it.
    await writeAudit(app.db, request.staff, { action: 'backup.download', entity: 'site', entityId: 'all' });
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="sauvegarde-${todayIso()}.zip"`)
      .header('cache-control', 'no-store')
      .send(stream);
  });
}
