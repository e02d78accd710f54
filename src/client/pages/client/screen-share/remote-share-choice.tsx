import { NO_SCREEN_SHARE, ShareScreenButton, useCanShareScreen } from './share-screen-button.tsx';

type Props = { open: () => Promise<number>; onStarted(): void };

/**
 * At the top of « Session à distance »: sharing the screen needs nothing installed, so it comes first; where the
 * browser cannot (a phone), one sentence says why and the tools' form below is the way.
 */
export function RemoteShareChoice({ open, onStarted }: Props) {
  const canShare = useCanShareScreen();
  if (!canShare) {
    return (
      <p className="mb-4 rounded-lg bg-sky-50 p-3 text-sm text-sky-950" data-testid="no-screen-share">
        {NO_SCREEN_SHARE}
      </p>
    );
  }
  return (
    <div className="mb-5 space-y-3 border-b border-slate-200 pb-5">
      <p className="text-slate-800">
        Le plus simple : partagez votre écran depuis ce navigateur, sans rien installer. Le technicien le voit et vous
        guide.
      </p>
      <ShareScreenButton open={open} onStarted={onStarted} className="w-full" />
      <p className="text-sm text-slate-600">
        Pour que le technicien prenne la main sur votre ordinateur, indiquez plutôt l’outil installé :
      </p>
    </div>
  );
}
