// Server-Sent Events to one open page (staff or client): what it missed since its last event id, then each event
// as the hub hears it, a heartbeat that also checks the session is still open, and nothing it may not see.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LiveEvent } from '#shared/live/live-api.ts';
import { eventFor, eventsAfter, lastEventId, type Viewer } from '#server/services/live/events.ts';
import type { LiveHub } from '#server/services/live/hub.ts';
import type { StreamVerdict } from '#server/services/live/stream-limits.ts';
import { streamRefusal } from '#server/services/live/stream-limits.ts';

/** Proxies close a silent connection after about a minute; a comment line every 25 s keeps it open. */
const HEARTBEAT_MS = 25_000;
/** How soon EventSource tries again after the connection drops (a restart, a deploy). */
const RETRY_MS = 2000;
/** A page closed for a newer one of its session waits this long before EventSource tries again: it does not. */
const GIVEN_UP_RETRY_MS = 24 * 3600_000;

/**
 * An event with its id, unless a larger one was already written on this stream. Ids are taken at insert and commits
 * land out of order: an event committed late has a smaller id than one already sent, and EventSource would take it as
 * its place, so that its next reconnect replays what came after (the tone and the notification again). Without an id
 * line the browser keeps its place.
 */
const line = (event: LiveEvent, place: number) =>
  `${event.id > place ? `id: ${event.id}\n` : ''}data: ${JSON.stringify(event)}\n\n`;

/** The largest id an event can have (a `serial`): a larger one is compared as this one, never sent to the database. */
const LAST_EVENT_ID_MAX = 2_147_483_647;

/** EventSource's own Last-Event-ID header, or `?lastEventId=` from a page that had to open a new EventSource. */
function lastIdOf(request: FastifyRequest): number | null {
  const raw = request.headers['last-event-id'] ?? (request.query as Record<string, unknown> | undefined)?.lastEventId;
  const value = Array.isArray(raw) ? raw[0] : raw;
  return typeof value === 'string' && /^\d{1,10}$/.test(value) ? Math.min(Number(value), LAST_EVENT_ID_MAX) : null;
}

/**
 * Without `Accept: text/event-stream` (a proxy that breaks streams, a script), the same route answers once in JSON:
 * the events after Last-Event-ID that the caller may see.
 */
export async function liveEventsOnce(request: FastifyRequest, viewer: Viewer): Promise<LiveEvent[]> {
  const after = lastIdOf(request);
  if (after === null) return [];
  const events: LiveEvent[] = [];
  for await (const stored of eventsAfter(request.server.db, after, viewer)) {
    const event = eventFor(viewer, stored);
    if (event) events.push(event);
  }
  return events;
}

/** A refused stream: its French answer, when to try again, and its connection closed (no idle socket kept). */
export function refuseStream(reply: FastifyReply, verdict: Exclude<StreamVerdict, 'ok'>): never {
  const { error, retryAfterSeconds } = streamRefusal(verdict);
  reply.header('retry-after', String(retryAfterSeconds)).header('connection', 'close');
  throw error;
}

export const wantsStream = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/event-stream');

/**
 * `session`: the hash of the session cookie, what the per-session count reads. Refused streams close their connection
 * (no keep-alive socket left behind); so does one closed for a newer page of its session.
 */
export async function openLiveStream(
  request: FastifyRequest,
  reply: FastifyReply,
  hub: LiveHub,
  viewer: Viewer,
  session: string,
  stillAllowed: () => Promise<boolean>,
) {
  const admitted = hub.admit(request.ip);
  if (admitted !== 'ok') refuseStream(reply, admitted);
  const after = lastIdOf(request);
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    // nginx would hold the events in its buffer (deploy/nginx.conf)
    'x-accel-buffering': 'no',
  });
  raw.write(`retry: ${RETRY_MS}\n\n`);

  // Subscribed before reading the table: an event committed meanwhile waits in `queued`, none falls in between.
  let queued: LiveEvent[] | null = [];
  const sent = new Set<number>();
  const send = (event: LiveEvent) => {
    if (queued) {
      queued.push(event);
      return;
    }
    if (sent.has(event.id)) return;
    writeEvent(event);
  };
  /** The largest id written on this stream: the page's place, which never moves back once the catch-up has set it. */
  let place = 0;
  const writeEvent = (event: LiveEvent) => {
    write(line(event, place));
    place = Math.max(place, event.id);
  };
  const writePlace = (id: number) => {
    place = Math.max(place, id);
    write(`id: ${place}\nevent: ready\ndata: {}\n\n`);
  };
  let ended = false;
  /** Nothing is written once the stream ended (a newer page of the session may close it during its catch-up). */
  const write = (text: string) => {
    if (!ended) raw.write(text);
  };
  const end = (reason?: string) => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    unsubscribe();
    if (reason === undefined) return void raw.end();
    raw.end(`retry: ${GIVEN_UP_RETRY_MS}\nevent: closed\ndata: ${JSON.stringify({ message: reason })}\n\n`, () =>
      request.raw.socket?.destroy(),
    );
  };
  // A signal is for now or never: not numbered, not replayed (a page that missed one starts its exchange again).
  const signal = (body: unknown) => {
    if (!ended) write(`event: signal\ndata: ${JSON.stringify(body)}\n\n`);
  };
  const unsubscribe = hub.subscribe({ viewer, send, signal, close: end, session, address: request.ip });
  const heartbeat = setInterval(() => {
    void stillAllowed().then(
      (ok) => (ok ? write(': ping\n\n') : end()),
      () => write(': ping\n\n'),
    );
  }, HEARTBEAT_MS);
  raw.on('close', () => end());

  try {
    if (after === null) {
      // A new page: it has just read its lists; its first id is where a later reconnect starts.
      writePlace(await lastEventId(request.server.db));
    } else {
      // The page's place moves past every event of the moment, its own or not: its next reconnect starts from there.
      // Read before the catch-up; what comes after it reaches the page through the hub, subscribed above. A page ahead
      // of the table (a restored backup numbers its events lower) comes back to the table's newest.
      let caughtUp = await lastEventId(request.server.db);
      for await (const stored of eventsAfter(request.server.db, after, viewer)) {
        caughtUp = Math.max(caughtUp, stored.id);
        const event = eventFor(viewer, stored);
        if (event) {
          sent.add(event.id);
          writeEvent(event);
        }
      }
      writePlace(caughtUp);
    }
  } catch (error) {
    request.log.warn({ err: error }, 'live events: catch-up failed');
  }
  const waiting = queued;
  queued = null;
  for (const event of waiting ?? []) send(event);
}
