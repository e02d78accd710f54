// Reads a Server-Sent Events stream over real HTTP, as a browser's EventSource would (tests and bench/live.ts).
export type StreamEvent = { id?: string; event: string; data: string };

export type EventStream = {
  status: number;
  /** the next event matching `accept` (skipping others), or a rejection after `ms` or once the stream has ended */
  next(accept?: (e: StreamEvent) => boolean, ms?: number): Promise<StreamEvent>;
  /** every event received so far and not yet taken */
  pending(): StreamEvent[];
  /** whether the server has ended the stream */
  readonly ended: boolean;
  close(): void;
};

export async function openEventStream(url: string, headers: Record<string, string> = {}): Promise<EventStream> {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const queue: StreamEvent[] = [];
  const waiters: (() => void)[] = [];
  let buffer = '';
  let ended = false;
  const decoder = new TextDecoder();
  const pump = async () => {
    if (!res.body) return;
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let cut;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event: StreamEvent = { event: 'message', data: '' };
          let hasField = false;
          for (const line of block.split('\n')) {
            if (!line || line.startsWith(':')) continue;
            const [field, ...rest] = line.split(':');
            const value = rest.join(':').replace(/^ /, '');
            if (field === 'id') event.id = value;
            else if (field === 'event') event.event = value;
            else if (field === 'data') {
              event.data += value;
              hasField = true;
            }
          }
          if (hasField) queue.push(event);
          waiters.splice(0).forEach((w) => w());
        }
      }
    } catch {
      /* closed */
    }
    ended = true;
    waiters.splice(0).forEach((w) => w());
  };
  void pump();
  return {
    status: res.status,
    async next(accept = () => true, ms = 5000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const index = queue.findIndex(accept);
        if (index >= 0) return queue.splice(0, index + 1).pop()!;
        if (ended) throw new Error('the stream ended without such an event');
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('no such event within the time allowed');
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    pending: () => queue.splice(0),
    get ended() {
      return ended;
    },
    close: () => controller.abort(),
  };
}
