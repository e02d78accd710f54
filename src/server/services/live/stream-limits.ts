// Each open live-event stream holds a socket, and each attempt costs a session read: the limits that keep one session,
// one address or everyone together from taking what the site needs (routes/live-stream.ts, plugins/live.ts).
import { HttpError } from '#server/http-error.ts';

/**
 * perSession / perAddress / perInstance: streams open at once (a newer page of a session closes its oldest; the others
 * refuse). opensPerSession / opensPerAddress: streams opened in a minute, refused before any database work.
 */
export type StreamLimits = {
  perSession: number;
  perAddress: number;
  perInstance: number;
  opensPerSession: number;
  opensPerAddress: number;
};
export const STREAM_LIMITS: StreamLimits = {
  perSession: 5,
  perAddress: 40,
  perInstance: 2000,
  opensPerSession: 30,
  opensPerAddress: 300,
};

export const SESSION_STREAMS_CLOSED =
  'Cette page ne se met plus à jour toute seule : la même session en a ouvert trop d’autres. Rechargez-la pour la suivre à nouveau.';
const INSTANCE_FULL =
  'Le serveur suit déjà beaucoup de pages ouvertes : celle-ci se mettra à jour toute seule dans un instant. Vous pouvez continuer à l’utiliser normalement.';
const ADDRESS_FULL =
  'Trop de pages ouvertes depuis votre connexion : fermez celles dont vous n’avez plus besoin, puis rechargez celle-ci.';
const TOO_FAST =
  'Trop de pages ouvertes coup sur coup : celle-ci se mettra à jour toute seule dans une minute. Vous pouvez continuer à l’utiliser normalement.';

export type StreamVerdict = 'ok' | 'instance' | 'address' | 'rate';

/** The refusal of a stream and when to try again: 503 for the instance's ceiling, 429 for the caller's own excess. */
export function streamRefusal(verdict: Exclude<StreamVerdict, 'ok'>): { error: HttpError; retryAfterSeconds: number } {
  if (verdict === 'instance') return { error: new HttpError('LIVE_BUSY', INSTANCE_FULL), retryAfterSeconds: 30 };
  if (verdict === 'address') return { error: new HttpError('LIVE_TOO_MANY', ADDRESS_FULL), retryAfterSeconds: 30 };
  return { error: new HttpError('LIVE_TOO_MANY', TOO_FAST), retryAfterSeconds: 60 };
}

const WINDOW_MS = 60_000;
/** Past this many keys, the expired windows are dropped: the map stays small whatever the number of callers. */
const PRUNE_AT = 10_000;

/** Counts per key in fixed one-minute windows, in this process's memory: cheap enough to run before anything else. */
export class OpenCounter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  /** Counts one more for `key`; false when that makes more than `max` in the current minute. */
  take(key: string, max: number, now = Date.now()): boolean {
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (this.windows.size >= PRUNE_AT)
        for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
      window = { count: 0, resetAt: now + WINDOW_MS };
      this.windows.set(key, window);
    }
    window.count++;
    return window.count <= max;
  }
}
