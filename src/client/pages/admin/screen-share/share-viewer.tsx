import { useEffect, useRef, useState } from 'react';
import { Dialog as D } from 'radix-ui';
import { Maximize, Mic, MicOff, X } from 'lucide-react';
import type { ScreenShareSession, Signal, SignalInput } from '#shared/remote/screen-share-api.ts';
import { Button } from '#client/components/ui/button.tsx';
import { api, apiRaw, serverMessage } from '#client/lib/api.ts';
import { SharePeer } from '#client/lib/screen-share/peer.ts';
import { earlySignals, openSignalStream } from '#client/lib/screen-share/signal-stream.ts';
import { readStaffSession } from '#client/pages/admin/api/queries.ts';

type ViewerState =
  | { phase: 'connecting' | 'watching' }
  | { phase: 'ended'; minutes: number | null }
  | { phase: 'failed'; message: string };

const STATE_TEXT = {
  connecting: 'Connexion à l’écran du client…',
  watching: 'Vous voyez l’écran du client. Rien n’est enregistré.',
} as const;
const FAILED = 'La connexion a échoué. Fermez puis « Rejoindre » à nouveau.';
/** The page can no longer hear the client's page (its stream closed for good): the exchange starts again from the card. */
const LOST = 'Cette fenêtre ne reçoit plus les messages du partage. Fermez-la puis « Rejoindre » à nouveau.';

/** Joins the share and plays the client's screen: the offer comes from the client's page once we have joined. */
function useShareConnection(
  shareId: number,
  video: React.RefObject<HTMLVideoElement | null>,
  audio: React.RefObject<HTMLAudioElement | null>,
) {
  const [state, setState] = useState<ViewerState>({ phase: 'connecting' });
  const peer = useRef<SharePeer | null>(null);
  useEffect(() => {
    let closeSignals: (() => void) | null = null;
    let gone = false;
    /** ended, or no longer heard: a join still on its way connects nothing */
    let over = false;
    const send = (signal: SignalInput) =>
      void apiRaw(`/api/admin/screen-shares/${shareId}/signal`, { method: 'POST', json: signal }).catch(
        () => undefined,
      );
    // The client's offer can arrive before our join's answer has named our peer: kept until then, or the exchange
    // would wait for an offer already gone.
    const early = earlySignals();
    const stop = (next: ViewerState) => {
      over = true;
      peer.current?.close();
      peer.current = null;
      setState(next);
    };
    const onSignal = (signal: Signal) => {
      if (signal.shareId !== shareId) return;
      if (signal.kind === 'end') return stop({ phase: 'ended', minutes: signal.durationMinutes });
      const p = peer.current;
      if (!p) return early.keep(signal);
      if (!('peer' in signal) || signal.peer !== p.peer) return;
      if (signal.kind === 'offer') void p.answer(signal.sdp);
      if (signal.kind === 'candidate') void p.candidate(signal.candidate);
    };
    void (async () => {
      try {
        // Listening first: the client's offer follows our join at once.
        closeSignals = await openSignalStream('/api/admin/events', {
          onSignal,
          // Once the share has ended, nothing more is news: its « terminé » stays.
          onShareEnded: (ended) => !over && ended === shareId && stop({ phase: 'ended', minutes: null }),
          onLost: () => over || stop({ phase: 'failed', message: LOST }),
          // Disabled or signed out everywhere: the viewer lets the picture go rather than wait for it.
          signedIn: async () => (await readStaffSession()) !== null,
        });
        if (gone) return closeSignals();
        const session = await api<ScreenShareSession>(`/api/admin/screen-shares/${shareId}/join`, { method: 'POST' });
        if (gone || over) return;
        const p = new SharePeer(session, session.peer!, send);
        peer.current = p;
        p.pc.ontrack = (e) => {
          const stream = e.streams[0] ?? new MediaStream([e.track]);
          if (e.track.kind === 'video' && video.current) video.current.srcObject = stream;
          if (e.track.kind === 'audio' && audio.current) audio.current.srcObject = new MediaStream([e.track]);
        };
        p.pc.onconnectionstatechange = () => {
          if (p.pc.connectionState === 'connected') setState({ phase: 'watching' });
          if (p.pc.connectionState === 'failed') setState({ phase: 'failed', message: FAILED });
        };
        early.release(onSignal);
      } catch (error) {
        setState({ phase: 'failed', message: serverMessage(error, 'Impossible de rejoindre le partage.') });
      }
    })();
    return () => {
      gone = true;
      peer.current?.close();
      peer.current = null;
      closeSignals?.();
    };
  }, [shareId, video, audio]);
  return { state, peer };
}

/** Full screen, the voice and the end of the share, while the share is live. */
function ViewerControls({
  shareId,
  watching,
  onFullScreen,
  switchMicrophone,
}: {
  shareId: number;
  watching: boolean;
  onFullScreen(): void;
  switchMicrophone(on: boolean): Promise<void> | undefined;
}) {
  const [microphone, setMicrophone] = useState(false);
  const [ending, setEnding] = useState(false);
  async function toggleMicrophone() {
    try {
      await switchMicrophone(!microphone);
      setMicrophone(!microphone);
    } catch {
      setMicrophone(false);
    }
  }
  async function end() {
    setEnding(true);
    await apiRaw(`/api/admin/screen-shares/${shareId}/end`, { method: 'POST' }).catch(() => undefined);
    setEnding(false);
  }
  return (
    <>
      <Button variant="secondary" size="sm" onClick={onFullScreen}>
        <Maximize aria-hidden="true" className="h-4 w-4" /> Plein écran
      </Button>
      <Button
        variant="secondary"
        size="sm"
        aria-pressed={microphone}
        disabled={!watching}
        onClick={() => void toggleMicrophone()}
      >
        {microphone ? (
          <Mic aria-hidden="true" className="h-4 w-4" />
        ) : (
          <MicOff aria-hidden="true" className="h-4 w-4" />
        )}
        {microphone ? 'Couper le micro' : 'Parler au client'}
      </Button>
      <Button variant="danger" size="sm" disabled={ending} onClick={() => void end()}>
        Terminer le partage
      </Button>
    </>
  );
}

/**
 * The client's screen in the back-office: fitted to the window, full screen on demand, the voice on demand. Closing
 * it leaves the share running (« Rejoindre » again); « Terminer le partage » ends it for both.
 */
export function ShareViewer({ shareId, onClose }: { shareId: number; onClose(): void }) {
  const frame = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const audio = useRef<HTMLAudioElement>(null);
  const { state, peer } = useShareConnection(shareId, video, audio);
  const live = state.phase === 'connecting' || state.phase === 'watching';
  return (
    <D.Root open onOpenChange={(open) => !open && onClose()}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-40 bg-slate-900/70" />
        <D.Content
          className="fixed inset-2 z-50 flex flex-col overflow-hidden rounded-xl bg-white shadow-xl sm:inset-6"
          aria-describedby={undefined}
        >
          <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-4 py-2">
            <D.Title className="mr-auto text-lg font-semibold text-slate-900">Écran du client</D.Title>
            {live && (
              <ViewerControls
                shareId={shareId}
                watching={state.phase === 'watching'}
                onFullScreen={() => void frame.current?.requestFullscreen()}
                switchMicrophone={(on) => peer.current?.setMicrophone(on)}
              />
            )}
            <D.Close
              className="inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100"
              aria-label="Fermer"
            >
              <X aria-hidden="true" className="h-5 w-5" />
            </D.Close>
          </div>
          <p
            role="status"
            className="px-4 py-2 text-sm text-slate-700"
            data-testid="viewer-state"
            data-phase={state.phase}
          >
            {state.phase === 'ended'
              ? `Le partage est terminé${state.minutes ? ` (${state.minutes} min)` : ''}.`
              : state.phase === 'failed'
                ? state.message
                : STATE_TEXT[state.phase]}
          </p>
          <div ref={frame} className="min-h-0 flex-1 bg-slate-950">
            <video
              ref={video}
              autoPlay
              playsInline
              muted
              aria-label="Écran partagé par le client"
              className="h-full w-full object-contain"
              data-testid="share-video"
            />
          </div>
          <audio ref={audio} autoPlay />
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
