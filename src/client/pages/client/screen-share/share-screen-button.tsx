import { useState } from 'react';
import { MonitorUp } from 'lucide-react';
import { Button, type ButtonProps } from '#client/components/ui/button.tsx';
import { serverMessage } from '#client/lib/api.ts';
import { notify } from '#client/lib/notify.tsx';
import { useHydrated } from '#client/lib/use-hydrated.ts';
import { canShareScreen } from '#client/lib/screen-share/peer.ts';
import { ShareConsentDialog } from './consent-dialog.tsx';
import { startSharing, useShareState } from './share-store.ts';

/** Where the browser cannot share a screen, the one sentence that says why (the tools' route is shown beside it). */
export const NO_SCREEN_SHARE =
  'Ce navigateur ne peut pas partager l’écran (c’est le cas des téléphones et des tablettes) : utilisez un outil de prise en main ci-dessous.';

type Props = {
  /** the request to share on, or how to open one first (« Session à distance ») */
  open: () => Promise<number>;
  size?: ButtonProps['size'];
  className?: string;
  onStarted?: () => void;
};

/**
 * « Partager mon écran »: the consent dialog, then the browser's choice of screen. Not offered where the browser cannot
 * share (phones, tablets, older browsers): the caller shows NO_SCREEN_SHARE and the tools instead.
 */
export function ShareScreenButton({ open, size = 'md', className, onStarted }: Props) {
  const hydrated = useHydrated();
  const share = useShareState();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!hydrated || !canShareScreen()) return null;
  const sharing = share.phase === 'waiting' || share.phase === 'connected';

  async function confirm() {
    setBusy(true);
    try {
      await startSharing(open);
      setAsking(false);
      onStarted?.();
    } catch (error) {
      // Closing the browser's chooser is a change of mind, not an error.
      if (error instanceof DOMException && error.name === 'NotAllowedError') return setAsking(false);
      notify('error', 'Partage impossible', serverMessage(error, 'Le partage d’écran n’a pas pu démarrer. Réessayez.'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <Button variant="secondary" size={size} className={className} disabled={sharing} onClick={() => setAsking(true)}>
        <MonitorUp aria-hidden="true" className="h-5 w-5 shrink-0" /> Partager mon écran
      </Button>
      <ShareConsentDialog open={asking} onOpenChange={setAsking} onConfirm={() => void confirm()} busy={busy} />
    </>
  );
}

/** Whether this browser can share a screen, false until hydrated (the server's page shows no button). */
export function useCanShareScreen(): boolean {
  return useHydrated() && canShareScreen();
}
