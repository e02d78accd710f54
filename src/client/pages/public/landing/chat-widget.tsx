import { lazy, Suspense, useRef, useState } from 'react';
import { cn } from '#client/components/ui/cn.ts';
import { panelBox } from './chat-styles.ts';
import { CHAT, CLOSE, Icon } from './icons.tsx';

// The panel and the bot's answers load on the first open (or when the pointer comes near): not before the page is usable.
const loadPanel = () => import('./chat-panel.tsx');
const ChatPanel = lazy(() => loadPanel().then((m) => ({ default: m.ChatPanel })));
const PANEL_ID = 'chat-panneau';

export function ChatWidget() {
  const [open, setOpen] = useState(false);
  // Once opened, the panel stays mounted (hidden when closed) so the conversation survives closing it.
  const [started, setStarted] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);

  function close() {
    setOpen(false);
    toggle.current?.focus();
  }

  return (
    <>
      {started && (
        <Suspense
          fallback={
            open ? (
              <div className={cn(panelBox, 'items-center justify-center p-8 text-slate-700')}>Chargement…</div>
            ) : null
          }
        >
          <ChatPanel id={PANEL_ID} open={open} onClose={close} />
        </Suspense>
      )}
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={started ? PANEL_ID : undefined}
        onClick={() => {
          setStarted(true);
          setOpen((o) => !o);
        }}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        className="fixed bottom-5 right-4 z-40 inline-flex h-14 w-14 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg ring-4 ring-white hover:bg-brand-700 sm:right-6"
      >
        <Icon path={open ? CLOSE : CHAT} className="h-7 w-7" />
        <span className="sr-only">{open ? 'Fermer le chat' : 'Ouvrir le chat'}</span>
      </button>
    </>
  );
}
