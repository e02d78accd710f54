// One hub per server process: it hears every committed event (LISTEN on PostgreSQL, the same in PGlite) and hands
// each to the pages connected to this process that may receive it.
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#server/db/client.ts';
import type { LiveEvent } from '#shared/live/live-api.ts';
import { eventFor, eventsAfter, LIVE_CHANNEL, pruneLive, type StoredEvent, type Viewer } from './events.ts';
import { pruneSignals, readSignal, SIGNAL_CHANNEL, type SignalNotice } from './signals.ts';

/** An open page: its events, and the signals addressed to its client or member (services/live/signals.ts). */
export type LiveSubscriber = {
  viewer: Viewer;
  send(event: LiveEvent): void;
  signal?(body: unknown): void;
  close(): void;
};

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
  ) {}

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
    return () => {
      this.subscribers.delete(subscriber);
    };
  }

  async close() {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    if (this.pruner) clearInterval(this.pruner);
    for (const s of this.subscribers) s.close();
    this.subscribers.clear();
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
      this.stopListening = async () => {
        await stopEvents();
        await stopSignals();
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
      else this.onPayload(message.payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${LIVE_CHANNEL}`);
      await client.query(`listen ${SIGNAL_CHANNEL}`);
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
      const missed = await eventsAfter(this.database.db, Math.max(0, this.lastId - CATCH_UP_MARGIN)).catch(() => []);
      for (const event of missed) this.deliver(event);
    }
  }
}
