// One hub per server process: it hears every committed event (LISTEN on PostgreSQL, the same in PGlite) and hands
// each to the pages connected to this process that may receive it.
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#server/db/client.ts';
import type { LiveEvent } from '#shared/live/live-api.ts';
import {
  OpenCounter,
  SESSION_STREAMS_CLOSED,
  STREAM_LIMITS,
  type StreamLimits,
  type StreamVerdict,
} from './stream-limits.ts';
import { eventFor, eventsAfter, LIVE_CHANNEL, pruneLive, type StoredEvent, type Viewer } from './events.ts';
import { pruneSignals, readSignal, SIGNAL_CHANNEL, type SignalNotice } from './signals.ts';

/**
 * An open page: its events, and the signals addressed to its client or member (services/live/signals.ts).
 * `close(reason)`: the stream ends with a last event saying why (a newer page of the same session took its place).
 */
export type LiveSubscriber = {
  viewer: Viewer;
  send(event: LiveEvent): void;
  signal?(body: unknown): void;
  close(reason?: string): void;
  /** the session (its hash) and the address the stream was opened from: what the limits count */
  session: string;
  address: string;
};

/**
 * Announced by the database when sessions end, however they end (drizzle/0041): their hashes, space-separated. Their
 * streams close at once; the pages' reconnection is refused and they sign out (client/lib/live-events.ts).
 */
const SESSION_ENDED_CHANNEL = 'rfs_session_ended';

const isFor = (viewer: Viewer, notice: SignalNotice) =>
  viewer.side === 'client' ? notice.toClientId === viewer.clientId : notice.toStaffId === viewer.id;

/** How many recent ids the hub remembers so an event heard twice (notice and catch-up) is sent once. */
const SEEN_MAX = 2000;
/** Ids are taken at insert and committed in any order: a catch-up reads a little before the newest id heard. */
const CATCH_UP_MARGIN = 200;

/** A lost listening connection is opened again after this long, then twice as long, up to 30 s. */
const RETRY_MS = 500;
const RETRY_MAX_MS = 30_000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

export class LiveHub {
  private readonly subscribers = new Set<LiveSubscriber>();
  /** each session's streams, oldest first; each address's count */
  private readonly bySession = new Map<string, LiveSubscriber[]>();
  private readonly byAddress = new Map<string, number>();
  /** the newest event handed out: after a lost connection, the ones after it are read from the table */
  private lastId = 0;
  private readonly seen = new Set<number>();
  private stopListening: (() => Promise<void>) | null = null;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;
  private pruner: NodeJS.Timeout | null = null;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    public limits: StreamLimits = STREAM_LIMITS,
  ) {}

  private readonly opens = new OpenCounter();

  /** Whether one more stream from this address may open (checked again just before it is subscribed). */
  admit(address: string): StreamVerdict {
    if (this.subscribers.size >= this.limits.perInstance) return 'instance';
    if ((this.byAddress.get(address) ?? 0) >= this.limits.perAddress) return 'address';
    return 'ok';
  }

  /**
   * Before the session is read: the counts above, and how many streams this session (its cookie, as sent) and this
   * address opened in the last minute. A flood of attempts is refused here without touching the database.
   */
  admitEarly(sessionToken: string | null, address: string): StreamVerdict {
    const open = this.admit(address);
    if (open !== 'ok') return open;
    if (!this.opens.take(`a:${address}`, this.limits.opensPerAddress)) return 'rate';
    if (sessionToken && !this.opens.take(`s:${sessionToken}`, this.limits.opensPerSession)) return 'rate';
    return 'ok';
  }

  get size() {
    return this.subscribers.size;
  }

  async start() {
    await this.listen();
    this.pruner = setInterval(
      () =>
        void Promise.all([pruneLive(this.database.db), pruneSignals(this.database.db)]).catch(() => {
          /* tried again in an hour */
        }),
      PRUNE_EVERY_MS,
    );
    this.pruner.unref();
    await pruneLive(this.database.db).catch(() => undefined);
  }

  subscribe(subscriber: LiveSubscriber): () => void {
    this.subscribers.add(subscriber);
    this.byAddress.set(subscriber.address, (this.byAddress.get(subscriber.address) ?? 0) + 1);
    const mine = this.bySession.get(subscriber.session) ?? [];
    mine.push(subscriber);
    this.bySession.set(subscriber.session, mine);
    // The oldest pages of the session give way (their close() unsubscribes them).
    while (mine.length > this.limits.perSession) {
      const oldest = mine[0]!;
      oldest.close(SESSION_STREAMS_CLOSED);
      if (mine[0] === oldest) mine.shift();
    }
    return () => {
      if (!this.subscribers.delete(subscriber)) return;
      const left = (this.byAddress.get(subscriber.address) ?? 1) - 1;
      if (left > 0) this.byAddress.set(subscriber.address, left);
      else this.byAddress.delete(subscriber.address);
      const streams = this.bySession.get(subscriber.session) ?? [];
      const at = streams.indexOf(subscriber);
      if (at >= 0) streams.splice(at, 1);
      if (!streams.length) this.bySession.delete(subscriber.session);
    };
  }

  async close() {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    if (this.pruner) clearInterval(this.pruner);
    for (const s of this.subscribers) s.close();
    this.subscribers.clear();
    this.bySession.clear();
    this.byAddress.clear();
    await this.stopListening?.().catch(() => undefined);
  }

  private deliver(event: StoredEvent) {
    if (this.seen.has(event.id)) return;
    this.seen.add(event.id);
    if (this.seen.size > SEEN_MAX) this.seen.delete(this.seen.values().next().value!);
    this.lastId = Math.max(this.lastId, event.id);
    for (const s of this.subscribers) {
      const seen = eventFor(s.viewer, event);
      if (seen) s.send(seen);
    }
  }

  private onPayload = (payload: string) => {
    try {
      this.deliver(JSON.parse(payload) as StoredEvent);
    } catch (error) {
      this.log.warn({ err: error }, 'live event unreadable');
    }
  };

  private readonly sessionsEndedListeners = new Set<() => void>();

  /** What else ends with a session (a screen share it opened): told after the sessions' streams are closed. */
  whenSessionsEnd(listener: () => void) {
    this.sessionsEndedListeners.add(listener);
  }

  private onSessionsEnded = (payload: string) => {
    for (const hash of payload.split(' ')) for (const s of [...(this.bySession.get(hash) ?? [])]) s.close();
    for (const listener of this.sessionsEndedListeners) listener();
  };

  /** A signal is read once, and only by the instance holding a page it is for (most hear it and skip it). */
  private onSignal = (payload: string) => {
    let notice: SignalNotice;
    try {
      notice = JSON.parse(payload) as SignalNotice;
    } catch (error) {
      this.log.warn({ err: error }, 'live signal unreadable');
      return;
    }
    const to = [...this.subscribers].filter((s) => s.signal && isFor(s.viewer, notice));
    if (!to.length) return;
    void readSignal(this.database.db, notice.id).then(
      (body) => {
        if (body !== null) for (const s of to) s.signal!(body);
      },
      (error: unknown) => this.log.warn({ err: error }, 'live signal not read'),
    );
  };

  private async listen() {
    if (this.database.kind === 'pglite') {
      // One embedded database, one process: its own NOTIFY reaches its own listener.
      const stopEvents = await this.database.pglite!.listen(LIVE_CHANNEL, this.onPayload);
      const stopSignals = await this.database.pglite!.listen(SIGNAL_CHANNEL, this.onSignal);
      const stopSessions = await this.database.pglite!.listen(SESSION_ENDED_CHANNEL, this.onSessionsEnded);
      this.stopListening = async () => {
        await stopEvents();
        await stopSignals();
        await stopSessions();
      };
      return;
    }
    await this.listenPostgres(RETRY_MS);
  }

  /** A connection of its own (a pooled one would be handed to queries): LISTEN, and on loss, again with a catch-up. */
  private async listenPostgres(wait: number) {
    const client = new pg.Client({ connectionString: this.database.url });
    let lost = false;
    const again = () => {
      if (lost || this.closed) return;
      lost = true;
      void client.end().catch(() => undefined);
      this.log.warn('live events: listening connection lost, opening it again');
      this.retry = setTimeout(() => void this.listenPostgres(Math.min(wait * 2, RETRY_MAX_MS)), wait);
      this.retry.unref();
    };
    client.on('error', again);
    client.on('end', again);
    client.on('notification', (message) => {
      if (!message.payload) return;
      if (message.channel === SIGNAL_CHANNEL) this.onSignal(message.payload);
      else if (message.channel === SESSION_ENDED_CHANNEL) this.onSessionsEnded(message.payload);
      else this.onPayload(message.payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${LIVE_CHANNEL}`);
      await client.query(`listen ${SIGNAL_CHANNEL}`);
      await client.query(`listen ${SESSION_ENDED_CHANNEL}`);
    } catch {
      again();
      return;
    }
    this.stopListening = async () => {
      lost = true;
      await client.end();
    };
    // What was committed while nobody listened (the first start has nothing to catch up on).
    if (this.lastId > 0) {
      try {
        for await (const event of eventsAfter(this.database.db, Math.max(0, this.lastId - CATCH_UP_MARGIN)))
          this.deliver(event);
      } catch {
        /* what could not be read stays undelivered to the open pages, as before the listener came back */
      }
    }
  }
}
