import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openSignalStream } from './signal-stream.ts';

/**
 * The browser's EventSource as the page sees it: the test plays the server's side (events, a dropped connection, an
 * error answer). Each one opened is kept, newest last.
 */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onmessage: ((m: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, ((m: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (m: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  /** The server writes an event (`message` for a numbered one). */
  emit(type: string, data: unknown, lastEventId = '') {
    this.readyState = FakeEventSource.OPEN;
    const m = new MessageEvent<string>(type, { data: JSON.stringify(data), lastEventId });
    if (type === 'message') this.onmessage?.(m);
    this.listeners.get(type)?.forEach((l) => l(m));
  }
  /** The connection drops (EventSource tries again by itself) or the server answered an error (it gives up). */
  fail(givesUp: boolean) {
    if (this.readyState === FakeEventSource.CLOSED) return; // closed by the page: nothing more reaches it
    this.readyState = givesUp ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.onerror?.();
  }
}
const newest = () => FakeEventSource.opened.at(-1)!;

/** The replayed end of share `shareId`, on request 7. */
const ended = (id: number, shareId: number) => ({
  id,
  kind: 'intervention.screen_share_ended',
  subjectId: shareId,
  interventionId: 7,
  text: 'Partage d’écran terminé (3 min)',
  at: '2026-11-28T09:00:00.000Z',
});

function handlers() {
  return { onSignal: vi.fn(), onShareEnded: vi.fn(), onLost: vi.fn() };
}

async function openReady(h: ReturnType<typeof handlers>) {
  const opening = openSignalStream('/api/client/events', h);
  newest().emit('ready', {}, '40');
  return opening;
}

describe('[REMOTE][SCREEN_SHARE] the signal stream of a share', () => {
  beforeEach(() => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('hands over the signals once ready, and refuses to open when the stream fails first', async () => {
    const h = handlers();
    await openReady(h);
    newest().emit('signal', { kind: 'join', shareId: 7, peer: 'p1' });
    expect(h.onSignal).toHaveBeenCalledWith({ kind: 'join', shareId: 7, peer: 'p1' });

    const refused = openSignalStream('/api/client/events', handlers());
    newest().fail(true);
    await expect(refused).rejects.toThrow();
  });

  it('tells of a share that ended while the connection was down, from the replayed event', async () => {
    const h = handlers();
    await openReady(h);
    // Sent live, the end comes with its signal (and its minutes): the event alone says nothing here.
    newest().emit('message', ended(41, 12), '41');
    expect(h.onShareEnded).not.toHaveBeenCalled();

    newest().fail(false);
    newest().emit('message', ended(45, 12), '45');
    expect(h.onShareEnded).toHaveBeenCalledWith(12);
    newest().emit('ready', {}, '45');
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(h.onLost).not.toHaveBeenCalled();
  });

  it('is lost, once and for good, when the server closes it for a newer page of the session', async () => {
    const h = handlers();
    await openReady(h);
    newest().emit('closed', { message: 'Cette page ne se met plus à jour toute seule.' });
    newest().fail(false);
    expect(h.onLost).toHaveBeenCalledTimes(1);
    expect(newest().readyState).toBe(FakeEventSource.CLOSED);
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it('opens again from its last event after error answers, waiting longer each time, never giving the share up', async () => {
    vi.useFakeTimers();
    const h = handlers();
    await openReady(h);
    newest().emit('message', ended(42, 3), '42');
    newest().fail(true);
    await vi.advanceTimersByTimeAsync(1999);
    expect(FakeEventSource.opened).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(newest().url).toBe('/api/client/events?lastEventId=42');
    // Back: what it missed is replayed, and the wait starts again from 2 s.
    newest().emit('message', ended(43, 12), '43');
    newest().emit('ready', {}, '43');
    expect(h.onShareEnded).toHaveBeenCalledWith(12);

    // A restart behind a proxy: refused again and again, the waits grow to 30 s and the attempts go on.
    const waits: number[] = [];
    for (let attempt = 0; attempt < 8; attempt++) {
      const before = FakeEventSource.opened.length;
      newest().fail(true);
      let waited = 0;
      while (FakeEventSource.opened.length === before) {
        await vi.advanceTimersByTimeAsync(1000);
        waited += 1000;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([2000, 4000, 8000, 16000, 30000, 30000, 30000, 30000]);
    expect(h.onLost).not.toHaveBeenCalled();
    newest().emit('ready', {}, '43');
    newest().emit('signal', { kind: 'join', shareId: 7, peer: 'p2' });
    expect(h.onSignal).toHaveBeenCalledWith({ kind: 'join', shareId: 7, peer: 'p2' });
  });

  it('is lost when its session has ended, and opens again when the session holds or cannot be checked', async () => {
    vi.useFakeTimers();
    const answers = [true, 'unreachable', false] as const;
    const h = {
      ...handlers(),
      signedIn: vi.fn(async () => {
        const answer = answers[h.signedIn.mock.calls.length - 1];
        if (answer === 'unreachable') throw new Error('network');
        return answer!;
      }),
    };
    const opening = openSignalStream('/api/admin/events', h);
    newest().emit('ready', {}, '40');
    await opening;
    for (const expected of [2, 3]) {
      newest().fail(true);
      await vi.advanceTimersByTimeAsync(30_000);
      expect(FakeEventSource.opened).toHaveLength(expected);
      newest().emit('ready', {}, '40');
    }
    expect(h.onLost).not.toHaveBeenCalled();

    // Refused again, and the session has ended (the member disabled): the stream is lost, and not opened again.
    newest().fail(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.onLost).toHaveBeenCalledTimes(1);
    expect(FakeEventSource.opened).toHaveLength(3);
    expect(h.signedIn).toHaveBeenCalledTimes(3);
  });

  it('refuses to open when the server closes it before it is ready', async () => {
    const h = handlers();
    const opening = openSignalStream('/api/client/events', h);
    newest().emit('closed', { message: 'Cette page ne se met plus à jour toute seule.' });
    await expect(opening).rejects.toThrow();
    expect(h.onLost).not.toHaveBeenCalled();
  });
});
