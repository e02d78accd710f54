import { useEffect, useRef } from 'react';
import { Mic, MicOff, MonitorUp } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { notify } from '#client/lib/notify.tsx';
import { dismissEnded, setMicrophone, stopSharing, useShareState } from './share-store.ts';

/**
 * On every page of the client area while the screen is shared: who sees it, and the way to stop. It cannot be
 * missed (a strong band at the top of every page) and stays while the client moves between pages.
 */
export function ShareBanner() {
  const share = useShareState();
  const audio = useRef<HTMLAudioElement>(null);
  const remote = share.phase === 'waiting' || share.phase === 'connected' ? share.remoteAudio : null;
  useEffect(() => {
    if (audio.current) audio.current.srcObject = remote;
  }, [remote]);

  if (share.phase === 'idle') return null;
  if (share.phase === 'ended') {
    return (
      <div role="status" className="bg-slate-800 text-white" data-testid="share-banner">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-2">
          {share.lost ? (
            <p>
              Le partage d’écran s’est arrêté : cette page ne pouvait plus suivre le technicien. Vous pouvez le relancer
              depuis « Mes demandes ». Rien n’a été enregistré.
            </p>
          ) : (
            <p>
              Partage d’écran terminé
              {share.durationMinutes ? ` : ${share.durationMinutes} min` : ''}. Rien n’a été enregistré.
            </p>
          )}
          <Button variant="secondary" size="sm" onClick={dismissEnded}>
            Fermer
          </Button>
        </div>
      </div>
    );
  }
  const who = share.staffName ?? 'l’équipe';
  async function toggleMicrophone() {
    if (share.phase !== 'connected') return;
    try {
      await setMicrophone(!share.microphone);
    } catch {
      notify('error', 'Micro indisponible', 'Autorisez le micro dans votre navigateur, ou continuez par téléphone.');
    }
  }
  return (
    <div role="region" aria-label="Partage d’écran" className="bg-red-700 text-white" data-testid="share-banner">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
        <p className="mr-auto flex items-center gap-2 font-semibold">
          <MonitorUp aria-hidden="true" className="h-5 w-5 shrink-0" />
          <span role="status">
            Votre écran est partagé avec {who}
            {share.phase === 'waiting' && (
              <span className="block text-sm font-normal">En attente de la connexion du technicien…</span>
            )}
          </span>
        </p>
        {share.phase === 'connected' && (
          <Button variant="secondary" size="sm" aria-pressed={share.microphone} onClick={() => void toggleMicrophone()}>
            {share.microphone ? (
              <Mic aria-hidden="true" className="h-4 w-4" />
            ) : (
              <MicOff aria-hidden="true" className="h-4 w-4" />
            )}
            {share.microphone ? 'Couper le micro' : 'Parler au technicien'}
          </Button>
        )}
        <Button variant="secondary" size="sm" className="font-semibold" onClick={() => void stopSharing()}>
          Arrêter le partage
        </Button>
        <audio ref={audio} autoPlay />
      </div>
    </div>
  );
}
