import { useEffect, useRef, useState } from 'react';
import type { LiveEvent } from '#shared/live/live-api.ts';

export type LiveState = 'connecting' | 'open' | 'retrying';

/** If the server answered with an error (a restart behind a proxy: 502, 503), EventSource gives up; we try again. */
const REOPEN_MS = 5000;

/**
 * Listens to a Server-Sent Events route while the page is open. EventSource reconnects by itself and sends the last
 * id it received, so the server replays what was missed; when it gives up, the hook opens it again with that id.
 */
export function useLiveEvents(url: string, onEvent: (event: LiveEvent) => void, enabled = true): LiveState {
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  const [state, setState] = useState<LiveState>('connecting');
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let lastId = '';
    let timer: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      source = new EventSource(lastId ? `${url}?lastEventId=${encodeURIComponent(lastId)}` : url);
      source.onopen = () => setState('open');
      source.addEventListener('ready', (m) => {
        if (m.lastEventId) lastId = m.lastEventId;
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
  return state;
}
