import type { Signal } from '#shared/remote/screen-share-api.ts';

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
