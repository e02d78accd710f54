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
 * Listens to the signals of the live stream (`event: signal`, services/live/signals.ts) while a share lasts. Resolves
 * once the stream is open and ready, so that nothing sent to this page after that is missed. Signals are not
 * replayed: after a lost connection the exchange starts again (« Rejoindre », or the next join).
 */
export function openSignalStream(url: string, onSignal: (signal: Signal) => void): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const source = new EventSource(url);
    const close = () => source.close();
    let ready = false;
    source.addEventListener('ready', () => {
      ready = true;
      resolve(close);
    });
    source.addEventListener('signal', (m) => {
      try {
        onSignal(JSON.parse((m as MessageEvent<string>).data) as Signal);
      } catch {
        /* a signal this page cannot read is dropped; the other side's next one follows */
      }
    });
    source.onerror = () => {
      if (!ready) {
        close();
        reject(new Error('signal stream'));
      }
    };
  });
}
