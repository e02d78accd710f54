import { useEffect, useRef, useState } from 'react';
import type { LiveEvent } from '#shared/live/live-api.ts';

/** closed: the server ended this page's stream for good and said why (another page of the session took its place). */
type LiveState = 'connecting' | 'open' | 'retrying' | 'closed';
export type LiveStatus = { state: LiveState; closedMessage?: string };

/**
 * Where each stream of this tab got to: a page of the client area that mounts its own stream after another page closed
 * one (a move within the tab) starts from there, so what happened in between is replayed, not lost.
 */
const places = new Map<string, string>();

/** If the server answered with an error (a restart behind a proxy: 502, 503), EventSource gives up; we try again. */
const REOPEN_MS = 5000;
/** In a run of refusals, `onGaveUp` at the first and then at every twelfth (once a minute). */
const SESSION_CHECK_EVERY = 12;

/**
 * Listens to a Server-Sent Events route while the page is open. EventSource reconnects by itself and sends the last
 * id it received, so the server replays what was missed; when it gives up, the hook opens it again with that id.
 */
export function useLiveEvents(
  url: string,
  onEvent: (event: LiveEvent) => void,
  options: {
    /**
     * The newest event when the server read the page's data (a rendered page's `liveFrom`), where a stream that has
     * no place yet in this tab starts.
     */
    from?: number | undefined;
    /**
     * EventSource gave up: the server answered an error. A restart answers that for a moment, and so does an ended
     * session (signed out elsewhere, or expired): the page checks its session then, or it would go on showing the
     * account's data and trying again every few seconds.
     */
    onGaveUp?: () => void;
  } = {},
): LiveStatus {
  const { from } = options;
  const handler = useRef({ onEvent, onGaveUp: options.onGaveUp });
  useEffect(() => {
    handler.current = { onEvent, onGaveUp: options.onGaveUp };
  });
  const [status, setStatus] = useState<LiveStatus>({ state: 'connecting' });
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const setState = (state: LiveState) => setStatus({ state });
    let source: EventSource | null = null;
    let lastId = places.get(url) ?? (from === undefined ? '' : String(from));
    const moveTo = (id: string) => {
      if (!id) return;
      lastId = id;
      places.set(url, id);
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    let closedForGood = false;
    /** refusals in a row since the stream was last open */
    let refusals = 0;
    const open = () => {
      source = new EventSource(lastId ? `${url}?lastEventId=${encodeURIComponent(lastId)}` : url);
      source.onopen = () => {
        refusals = 0;
        setState('open');
      };
      source.addEventListener('ready', (m) => {
        moveTo(m.lastEventId);
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
        moveTo(m.lastEventId);
        try {
          handler.current.onEvent(JSON.parse(m.data as string) as LiveEvent);
        } catch {
          /* an event this page cannot read is skipped; its lists still reload on the next */
        }
      };
      source.onerror = () => {
        if (closedForGood) return;
        setState('retrying');
        if (source?.readyState === EventSource.CLOSED) {
          source.close();
          // At the first refusal of a run, then once a minute: a full server refuses from memory, and should not be
          // asked for a session every few seconds by each page it refuses.
          if (refusals++ % SESSION_CHECK_EVERY === 0) handler.current.onGaveUp?.();
          timer = setTimeout(open, REOPEN_MS);
        }
      };
    };
    open();
    return () => {
      clearTimeout(timer);
      source?.close();
    };
  }, [url, from]);
  return status;
}
