import { useEffect, useRef, useState } from 'react';
import type { LiveEvent } from '#shared/live/live-api.ts';

/** closed: the server ended this page's stream for good and said why (another page of the session took its place). */
type LiveState = 'connecting' | 'open' | 'retrying' | 'closed';
export type LiveStatus = { state: LiveState; closedMessage?: string };

/** If the server answered with an error (a restart behind a proxy: 502, 503), EventSource gives up; we try again. */
const REOPEN_MS = 5000;

/**
 * Listens to a Server-Sent Events route while the page is open. EventSource reconnects by itself and sends the last
 * id it received, so the server replays what was missed; when it gives up, the hook opens it again with that id.
 */
export function useLiveEvents(url: string, onEvent: (event: LiveEvent) => void, enabled = true): LiveStatus {
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  const [status, setStatus] = useState<LiveStatus>({ state: 'connecting' });
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const setState = (state: LiveState) => setStatus({ state });
    let source: EventSource | null = null;
    let lastId = '';
    let timer: ReturnType<typeof setTimeout> | undefined;
    let closedForGood = false;
    const open = () => {
      source = new EventSource(lastId ? `${url}?lastEventId=${encodeURIComponent(lastId)}` : url);
      source.onopen = () => setState('open');
      source.addEventListener('ready', (m) => {
        if (m.lastEventId) lastId = m.lastEventId;
      });
      // The server's last word on a stream it ends for good: reconnecting would only close another page's.
      source.addEventListener('closed', (m) => {
        closedForGood = true;
        source?.close();
        let closedMessage = 'Cette page ne se met plus à jour toute seule. Rechargez-la pour la suivre à nouveau.';
        try {
          closedMessage = (JSON.parse(m.data as string) as { message?: string }).message ?? closedMessage;
        } catch {
          /* the default sentence */
        }
        setStatus({ state: 'closed', closedMessage });
      });
      source.onmessage = (m) => {
        lastId = m.lastEventId || lastId;
        try {
          handler.current(JSON.parse(m.data as string) as LiveEvent);
        } catch {
          /* an event this page cannot read is skipped; its lists still reload on the next */
        }
      };
      source.onerror = () => {
        if (closedForGood) return;
        setState('retrying');
        if (source?.readyState === EventSource.CLOSED) {
          source.close();
          timer = setTimeout(open, REOPEN_MS);
        }
      };
    };
    open();
    return () => {
      clearTimeout(timer);
      source?.close();
    };
  }, [url, enabled]);
  return status;
}
