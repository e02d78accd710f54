import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { invoices } from '#server/db/schema.ts';
import { todayIso } from '#shared/format.ts';
import { backupFileName, type BackupStatusDto } from '#shared/backup/backup-api.ts';
import { HttpError } from '#server/http-error.ts';
import { ensureDocumentPdf, loadDocument } from '#server/services/billing/documents.ts';
import { privateDir } from '#server/db/private-files.ts';
import { BackupError, writeBackup } from './archive.ts';
import { loadBackupKey } from './signature.ts';

export const BACKUP_DIR = 'sauvegardes';

/**
 * The backup runs as a task of this server process, not as a pg-boss job: the archive is a file on this server's disk
 * that this server then serves, while a job could run on another instance (another disk) or be retried after a crash
 * (half an archive is worth nothing: staff simply start another). One at a time per process; on PostgreSQL the
 * snapshot also takes an advisory lock, so two instances never back up at once (archive.ts). Only the latest archive
 * is kept: it holds password hashes, and a pile of them would fill the disk.
 */
export type BackupRunner = {
  start(startedBy: string): BackupStatusDto;
  current(): BackupStatusDto | null;
  /** resolves when the backup ends (done or failed) */
  settled(): Promise<void>;
  /** the finished archive of this id, or a 404 */
  file(id: number): Promise<{ path: string; fileName: string; size: number }>;
  stop(): Promise<void>;
};

/**
 * An invoice issued before PDFs were stored (migrated from the order-rebuilt era) has its frozen data but no PDF yet:
 * it gets one now, once and for good, so the archive holds every issued document. Its share of the progress bar.
 */
const RENDER_SHARE = 20;

async function storeMissingPdfs(
  database: Database,
  config: Config,
  onProgress: (percent: number) => void,
): Promise<number> {
  const missing = await database.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(isNull(invoices.pdf))
    .orderBy(invoices.id);
  for (const [i, { id }] of missing.entries()) {
    const row = await loadDocument(database.db, id);
    if (row) await ensureDocumentPdf(database.db, config, row);
    onProgress(Math.floor(((i + 1) / missing.length) * RENDER_SHARE));
  }
  return missing.length;
}

export function createBackupRunner(deps: {
  database: Database;
  dataDir: string;
  config: Config;
  log: FastifyBaseLogger;
}): BackupRunner {
  const dir = path.join(deps.dataDir, BACKUP_DIR);
  let status: BackupStatusDto | null = null;
  let running: Promise<void> = Promise.resolve();
  let stopping = false;

  return {
    start(startedBy) {
      if (status?.state === 'running') {
        throw new HttpError(
          'BACKUP_RUNNING',
          'Une sauvegarde est déjà en cours : attendez qu’elle se termine pour la télécharger.',
        );
      }
      const now = new Date();
      const current: BackupStatusDto = {
        // Seconds: an id a route parameter accepts (a Postgres integer), one more than the last if started the same second.
        id: Math.max(Math.floor(now.getTime() / 1000), (status?.id ?? 0) + 1),
        state: 'running',
        percent: 0,
        startedAt: now.toISOString(),
        finishedAt: null,
        startedBy,
        fileName: null,
        size: null,
        error: null,
      };
      status = current;
      running = runBackup(deps, dir, current, () => stopping);
      return { ...current };
    },
    current: () => (status ? { ...status } : null),
    settled: () => running,
    async file(id) {
      if (!status || status.id !== id || status.state !== 'done' || !status.fileName) {
        throw new HttpError('NOT_FOUND', 'Cette sauvegarde n’est plus disponible : lancez-en une nouvelle.');
      }
      const file = path.join(dir, `${status.id}-${status.fileName}`);
      return { path: file, fileName: status.fileName, size: (await stat(file)).size };
    },
    async stop() {
      stopping = true;
      await running;
    },
  };
}

type RunnerDeps = Parameters<typeof createBackupRunner>[0];

/**
 * One backup, start to end, writing its progress and outcome into `current` (what the status route shows). Never
 * throws: a failure is the status « failed » with a message staff can act on.
 */
async function runBackup(deps: RunnerDeps, dir: string, current: BackupStatusDto, stopping: () => boolean) {
  const fileName = backupFileName(todayIso());
  try {
    // The archive holds every table, password hashes included: the server's user only.
    await privateDir(dir);
    // The previous archive goes: only the latest one is kept on the server.
    for (const old of await readdir(dir)) await rm(path.join(dir, old), { force: true, recursive: true });
    const file = path.join(dir, `${current.id}-${fileName}`);
    const interrupted = () => {
      if (stopping()) throw new BackupError('Sauvegarde interrompue : le serveur s’arrête.');
    };
    const rendered = await storeMissingPdfs(deps.database, deps.config, (percent) => {
      interrupted();
      current.percent = percent;
    });
    if (rendered) deps.log.info({ backup: current.id, rendered }, 'invoice PDFs stored before the backup');
    const start = rendered ? RENDER_SHARE : 0;
    await writeBackup(deps.database, file, {
      siteName: deps.config.SITE_NAME,
      key: await loadBackupKey(deps.config),
      now: new Date(current.startedAt),
      onProgress: ({ done, total }) => {
        interrupted();
        current.percent = total ? Math.min(99, start + Math.floor((done / total) * (100 - start))) : 99;
      },
    });
    Object.assign(current, {
      state: 'done',
      percent: 100,
      fileName,
      size: (await stat(file)).size,
      finishedAt: new Date().toISOString(),
    });
    deps.log.info({ backup: current.id, size: current.size }, 'backup written');
  } catch (error) {
    deps.log.error({ err: error }, 'backup failed');
    const message =
      error instanceof BackupError
        ? error.message
        : 'La sauvegarde a échoué (voir le journal du serveur). Réessayez ; si l’échec se répète, vérifiez la place libre sur le disque.';
    Object.assign(current, { state: 'failed', error: message, finishedAt: new Date().toISOString() });
  }
}
