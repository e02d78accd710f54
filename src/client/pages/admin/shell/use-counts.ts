import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys, countsQueryOptions } from '#client/pages/admin/api/queries.ts';

const isCounts = (key: readonly unknown[]) => key[2] === adminKeys.counts[2];

/**
 * The navigation's figures, read again whenever a list of the back-office has just been read again (an action, a live
 * event, « Actualiser »): what changes a list changes its count, and no tab needs to know about the figures.
 */
export function useAdminCounts() {
  const client = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = client.getQueryCache().subscribe((event) => {
      const key = event.query.queryKey as readonly unknown[];
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      if (key[0] !== 'admin' || key[1] !== 'data' || isCounts(key)) return;
      // Several lists refetched together (« Actualiser ») make one read of the counts.
      clearTimeout(timer);
      timer = setTimeout(() => void client.invalidateQueries({ queryKey: adminKeys.counts }), 100);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [client]);
  return useQuery(countsQueryOptions).data;
}
