import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MonitorUp } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { runningSharesQueryOptions } from './share-queries.ts';

const ShareViewer = lazy(() => import('./share-viewer.tsx').then((m) => ({ default: m.ShareViewer })));

/**
 * On a request whose client is sharing the screen right now: « Le client partage son écran » and « Rejoindre » for
 * the member handling it or an admin (the server decides; the others read who may).
 */
export function ShareNotice({ interventionId }: { interventionId: number }) {
  const running = useQuery(runningSharesQueryOptions);
  const [watching, setWatching] = useState<number | null>(null);
  const share = running.data?.find((s) => s.interventionId === interventionId);
  return (
    <>
      {share && (
        <div
          className="mt-3 flex flex-wrap items-center gap-3 rounded-lg bg-red-50 px-3 py-2 text-red-950"
          data-testid="screen-share-notice"
        >
          <MonitorUp aria-hidden="true" className="h-5 w-5 shrink-0" />
          <p className="mr-auto font-medium">Le client partage son écran</p>
          {share.canJoin ? (
            <Button size="sm" onClick={() => setWatching(share.id)}>
              Rejoindre
            </Button>
          ) : (
            <p className="text-sm">Seul le membre qui traite la demande, ou un administrateur, peut le voir.</p>
          )}
        </div>
      )}
      {watching !== null && (
        <Suspense fallback={null}>
          <ShareViewer shareId={watching} onClose={() => setWatching(null)} />
        </Suspense>
      )}
    </>
  );
}
