import { z } from '#shared/common/zod.ts';

/** The back-office's backup, as the Téléchargement tab follows it (GET /api/admin/backups/current). */
export const backupStatusSchema = z.object({
  id: z.number().int(),
  state: z.enum(['running', 'done', 'failed']),
  /** 0 to 100, from the rows copied so far */
  percent: z.number().int().min(0).max(100),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  startedBy: z.string(),
  /** sauvegarde-rfs-AAAA-MM-JJ.zip once done */
  fileName: z.string().nullable(),
  size: z.number().int().nullable(),
  /** what went wrong, in French, when failed */
  error: z.string().nullable(),
});
export type BackupStatusDto = z.infer<typeof backupStatusSchema>;

export const currentBackupSchema = z.object({ backup: backupStatusSchema.nullable() });
export type CurrentBackupDto = z.infer<typeof currentBackupSchema>;

export const backupDownloadPath = (id: number) => `/api/admin/backups/${id}/download`;
export const backupFileName = (day: string) => `sauvegarde-rfs-${day}.zip`;
