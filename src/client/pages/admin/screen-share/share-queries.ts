import { queryOptions } from '@tanstack/react-query';
import type { RunningScreenShare } from '#shared/remote/screen-share-api.ts';
import { api } from '#client/lib/api.ts';
import { adminKeys } from '#client/pages/admin/api/queries.ts';

/** Under the requests' key: the live bar reloads it with them when a share starts or ends (intervention.* events). */
export const runningSharesQueryOptions = queryOptions({
  queryKey: [...adminKeys.interventions, 'screen-shares'],
  queryFn: () => api<RunningScreenShare[]>('/api/admin/screen-shares'),
});
