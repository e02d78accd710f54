import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from '#client/lib/live-events.ts';
import { Button } from '#client/components/ui/button.tsx';
import { clientKeys, readClientSession } from '#client/pages/client/api/queries.ts';
import { sendToLogin } from '#client/pages/client/api/unauthorized.ts';
import { useViewer } from '#client/lib/viewer.tsx';

/**
 * The client's requests reload by themselves when staff answer, take them or change their status (their own only).
 * If the server ends this page's updates (the same session opened too many other pages), the page says so.
 */
export function ClientLive() {
  const client = useQueryClient();
  // The rendered page's place counts for the data it came with: the first epoch's, before any sign-in in this tab.
  const { epoch, liveFrom } = useViewer();
  const { state, closedMessage } = useLiveEvents(
    '/api/client/events',
    () => client.invalidateQueries({ queryKey: clientKeys.interventions }),
    {
      from: epoch === 0 ? liveFrom : undefined,
      // Signed out elsewhere (« Déconnecter les autres appareils », a password changed): the page lets go of the data.
      onGaveUp: () =>
        void readClientSession().then(
          (user) => user || sendToLogin(),
          () => undefined,
        ),
    },
  );
  if (state !== 'closed') return null;
  return (
    <div role="status" className="border-b border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-3">
        <p className="flex-1">{closedMessage}</p>
        <Button variant="secondary" size="sm" onClick={() => window.location.reload()}>
          Recharger la page
        </Button>
      </div>
    </div>
  );
}
