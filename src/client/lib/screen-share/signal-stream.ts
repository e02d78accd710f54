import type { LiveEvent } from '#shared/live/live-api.ts';
import type { Signal } from '#shared/remote/screen-share-api.ts';

/**
 * Signals read before the page can use them: on a busy machine the stream can deliver one before the answer to the call
 * that led to it (the share's opening, the member's join) has been read. Kept for then, a few at most: an offer and
 * its candidates, or a join; more is not from this exchange.
 */
export function earlySignals(max = 50) {
  const kept: Signal[] = [];
  return {
    keep(signal: Signal) {
      if (kept.length < max) kept.push(signal);
    },
    /** Hands what was kept to `use`, in the order it came, and keeps nothing more. */
    release: (use: (signal: Signal) => void) => kept.splice(0).forEach(use),
  };
}

/**
 * After the server answered an error (a restart behind a proxy answers 502 for a while), the stream is opened again
 * after 2 s, then twice as long each time, up to 30 s, for as long as the page lasts: the picture goes page to page
 * meanwhile, and a share is not ended for a restart. A session that has ended makes the stream lost, when the page
 * can say so (`signedIn`).
 */
const REOPEN_MS = 2000;
const REOPEN_MAX_MS = 30_000;

export type SignalStreamHandlers = {
  onSignal(signal: Signal): void;
  /**
   * A share (its id) ended while the connection was down: its `end` signal was lost with it, the numbered event is
   * replayed by the server's catch-up. Events sent live come with their signal, which says more (the minutes).
   */
  onShareEnded(shareId: number): void;
  /**
   * The stream is gone for good: closed by the server for a newer page of the session. The other side can no longer
   * be heard; the page says so and lets go.
   */
  onLost(): void;
  /**
   * Asked when the server refused to reopen the stream: whether the page's session still holds. A session that has
   * ended (a member disabled, signed out everywhere) makes the stream lost instead of tried again for ever.
   */
  signedIn?(): Promise<boolean>;
};

/**
 * Listens to the signals of the live stream (`event: signal`, services/live/signals.ts) while a share lasts. Resolves
 * once the stream is open and ready, so that nothing sent to this page after that is missed. Signals are not
 * replayed: after a lost connection the exchange starts again (« Rejoindre », or the next join); the share's end is,
 * as a numbered event.
 */
export function openSignalStream(url: string, handlers: SignalStreamHandlers): Promise<() => void> {
  return new Promise((resolve, reject) => {
    let source: EventSource;
    let ready = false;
    let stopped = false;
    /** Between a reconnection and its `ready`: what arrives is the server's catch-up of what was missed. */
    let catchingUp = false;
    let lastId = '';
    let tries = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const close = () => {
      stopped = true;
      clearTimeout(timer);
      source.close();
    };
    const lose = () => {
      if (stopped) return;
      close();
      if (ready) handlers.onLost();
      else reject(new Error('signal stream'));
    };
    const open = () => {
      source = new EventSource(lastId ? `${url}?lastEventId=${encodeURIComponent(lastId)}` : url);
      source.addEventListener('ready', (m) => {
        lastId = (m as MessageEvent<string>).lastEventId || lastId;
        catchingUp = false;
        tries = 0;
        if (!ready) {
          ready = true;
          resolve(close);
        }
      });
      source.addEventListener('signal', (m) => {
        try {
          handlers.onSignal(JSON.parse((m as MessageEvent<string>).data) as Signal);
        } catch {
          /* a signal this page cannot read is dropped; the other side's next one follows */
        }
      });
      source.onmessage = (m: MessageEvent<string>) => {
        lastId = m.lastEventId || lastId;
        if (!catchingUp) return;
        try {
          const event = JSON.parse(m.data) as LiveEvent;
          if (event.kind === 'intervention.screen_share_ended') handlers.onShareEnded(event.subjectId);
        } catch {
          /* not an event of this stream */
        }
      };
      // The server's last word on a stream it ends for good (routes/live-stream.ts): it does not come back.
      source.addEventListener('closed', lose);
      source.onerror = () => {
        if (stopped) return;
        if (!ready) {
          close();
          reject(new Error('signal stream'));
          return;
        }
        catchingUp = true;
        // Still connecting: EventSource tries again by itself, with the last id, and the server replays from there.
        if (source.readyState !== EventSource.CLOSED) return;
        source.close();
        const reopen = () => {
          if (!stopped) timer = setTimeout(open, Math.min(REOPEN_MS * 2 ** tries++, REOPEN_MAX_MS));
        };
        if (!handlers.signedIn) return reopen();
        // A check that cannot be made (the server restarting) is no answer: tried again as before.
        handlers.signedIn().then(
          (still) => (still ? reopen() : lose()),
          () => reopen(),
        );
      };
    };
    open();
  });
}
