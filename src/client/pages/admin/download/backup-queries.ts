import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BackupStatusDto, CurrentBackupDto } from '#shared/backup/backup-api.ts';
import { api } from '#client/lib/api.ts';
import { adminKeys } from '#client/pages/admin/api/queries.ts';

const backupKey = [...adminKeys.data, 'backup'] as const;

/** The backup being written or the last one; asked again every second while it runs (the progress bar). */
export const currentBackupQueryOptions = queryOptions({
  queryKey: backupKey,
  queryFn: () => api<CurrentBackupDto>('/api/admin/backups/current'),
  refetchInterval: (query) => (query.state.data?.backup?.state === 'running' ? 1000 : false),
});

/** « Lancer la sauvegarde »: the server starts it in the background and answers at once. */
export function useStartBackup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<BackupStatusDto>('/api/admin/backups', { method: 'POST' }),
    onSuccess: (backup) => client.setQueryData<CurrentBackupDto>(backupKey, { backup }),
  });
}
