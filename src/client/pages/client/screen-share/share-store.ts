// The client's screen share, one per tab, kept outside React: it lasts while the client moves between the pages of
// their area (each page mounts its own tree), and ends with the tab.
import { useSyncExternalStore } from 'react';
import {
  SHARE_ALIVE_EVERY_MS,
  type ScreenShareSession,
  type Signal,
  type SignalInput,
} from '#shared/remote/screen-share-api.ts';
import { ApiRequestError, apiRaw } from '#client/lib/api.ts';
import { earlySignals, openSignalStream } from '#client/lib/screen-share/signal-stream.ts';
import { SharePeer } from '#client/lib/screen-share/peer.ts';

export type ShareState =
  | { phase: 'idle' }
  | {
      phase: 'waiting' | 'connected';
      shareId: number;
      interventionId: number;
      staffName: string | null;
      microphone: boolean;
      /** the technician's voice, when their microphone is on */
      remoteAudio: MediaStream | null;
    }
  | {
      phase: 'ended';
      interventionId: number;
      durationMinutes: number | null;
      /** ended by the page itself, which could no longer hear the technician's (its live stream closed for good) */
      lost?: boolean;
    };

const IDLE: ShareState = { phase: 'idle' };
let state: ShareState = IDLE;
const listeners = new Set<() => void>();
const set = (next: ShareState) => {
  state = next;
  listeners.forEach((l) => l());
};
const update = (patch: Partial<Extract<ShareState, { phase: 'waiting' | 'connected' }>>) => {
  if (state.phase === 'waiting' || state.phase === 'connected') set({ ...state, ...patch });
};

/** What is held while sharing: the captured screen, the connection to the viewer, the signal stream. */
let held: {
  shareId: number;
  session: ScreenShareSession;
  screen: MediaStream;
  peer: SharePeer | null;
  closeSignals: () => void;
  /** the sign of life sent every 30 s */
  alive: ReturnType<typeof setInterval>;
} | null = null;

/** The signal stream was lost while the share was being opened. */
let lostBeforeShared = false;

const endUrl = (shareId: number) => `/api/client/screen-shares/${shareId}/end`;

function post(shareId: number, signal: SignalInput) {
  void apiRaw(`/api/client/screen-shares/${shareId}/signal`, { method: 'POST', json: signal }).catch(() => undefined);
}

const sharedRequest = () => (state.phase === 'waiting' || state.phase === 'connected' ? state.interventionId : 0);

/** Ended by the member, or by signing out elsewhere: the record is written, the page lets go. */
function ended(durationMinutes: number | null) {
  const interventionId = sharedRequest();
  release();
  set({ phase: 'ended', interventionId, durationMinutes });
}

/**
 * The end was missed while the connection was down: the server's catch-up names the share. Another share's end (one
 * left running on the same request, ended by starting this one) is not this one's.
 */
function onShareEnded(shareId: number) {
  if (held && shareId === held.shareId) ended(null);
}

/**
 * The page can no longer hear the technician's (a join, an end): it ends the share rather than show a screen shared
 * with nobody, or a share that has ended as still running.
 */
function onLost() {
  if (!held) {
    // Between the stream's opening and the share's answer: startSharing ends the share once it is known.
    lostBeforeShared = true;
    return;
  }
  const { shareId } = held;
  const interventionId = sharedRequest();
  release();
  set({ phase: 'ended', interventionId, durationMinutes: null, lost: true });
  void apiRaw(endUrl(shareId), { method: 'POST', json: { reason: 'page_closed' } }).catch(() => undefined);
}

async function onSignal(signal: Signal) {
  if (!held || signal.shareId !== held.shareId) return;
  if (signal.kind === 'end') return ended(signal.durationMinutes);
  if (signal.kind === 'join') {
    // A member joins (or joins again after a lost connection): a new connection, a new offer.
    held.peer?.close();
    const shareId = held.shareId;
    const peer = new SharePeer(held.session, signal.peer, (s) => post(shareId, s));
    held.peer = peer;
    peer.pc.onconnectionstatechange = () => {
      if (peer.pc.connectionState === 'connected') update({ phase: 'connected' });
      if (peer.pc.connectionState === 'failed' || peer.pc.connectionState === 'closed') update({ phase: 'waiting' });
    };
    peer.pc.ontrack = () => update({ remoteAudio: peer.remoteAudio() });
    update({ staffName: signal.staffName ?? (state.phase === 'waiting' ? state.staffName : null) });
    await peer.offer(held.screen);
    return;
  }
  if (!held.peer || signal.peer !== held.peer.peer) return;
  if (signal.kind === 'answer') await held.peer.accept(signal.sdp);
  if (signal.kind === 'candidate') await held.peer.candidate(signal.candidate);
}

/**
 * While sharing, the page says every 30 s that it is still there: the server ends a share whose page went silent (a
 * crash, a computer put to sleep). Told that the share has ended (after such a sleep), the page ends its side.
 */
function sayAlive(shareId: number) {
  void apiRaw(`/api/client/screen-shares/${shareId}/alive`, { method: 'POST' }).catch((error: unknown) => {
    if (error instanceof ApiRequestError && error.code === 'SCREEN_SHARE_ENDED' && held?.shareId === shareId)
      ended(null);
  });
}

/** The tab is going away: the end is sent with keepalive so it outlives the page. */
function onPageHide() {
  if (!held) return;
  void fetch(endUrl(held.shareId), {
    method: 'POST',
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ reason: 'page_closed' }),
  }).catch(() => undefined);
  release();
}

/** Lets go of the screen, the connection and the stream (the browser's « partage en cours » goes away). */
function release() {
  if (!held) return;
  held.screen.getTracks().forEach((t) => t.stop());
  held.peer?.close();
  held.closeSignals();
  clearInterval(held.alive);
  held = null;
  window.removeEventListener('pagehide', onPageHide);
}

/**
 * After the client agreed: the browser asks which screen or window (this must follow the click), then the share is
 * opened on the request and the page waits for the member to join. `open` creates the request when there is none yet.
 */
export async function startSharing(open: () => Promise<number>) {
  if (held) return;
  const screen = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
  let closeSignals: (() => void) | null = null;
  try {
    const interventionId = await open();
    // Listening before the share exists: a member quick to « Rejoindre » sends the join as soon as the share is
    // announced, maybe before its answer is read here. What comes meanwhile waits for the share to be known.
    const early = earlySignals();
    lostBeforeShared = false;
    closeSignals = await openSignalStream('/api/client/events', {
      onSignal: (s) => (held ? void onSignal(s) : early.keep(s)),
      onShareEnded,
      onLost,
    });
    const session = (await (
      await apiRaw(`/api/client/interventions/${interventionId}/screen-share`, { method: 'POST' })
    ).json()) as ScreenShareSession;
    const shareId = session.share.id;
    const alive = setInterval(() => sayAlive(shareId), SHARE_ALIVE_EVERY_MS);
    held = { shareId, session, screen, peer: null, closeSignals, alive };
    // The browser's own « Arrêter le partage » ends it too.
    screen.getVideoTracks()[0]?.addEventListener('ended', () => void stopSharing());
    window.addEventListener('pagehide', onPageHide);
    set({
      phase: 'waiting',
      shareId,
      interventionId,
      staffName: session.share.staffName,
      microphone: false,
      remoteAudio: null,
    });
    if (lostBeforeShared) return onLost();
    early.release((s) => void onSignal(s));
  } catch (error) {
    closeSignals?.();
    screen.getTracks().forEach((t) => t.stop());
    throw error;
  }
}

/** « Arrêter le partage »: recorded by the server, then everything let go. */
export async function stopSharing() {
  if (!held) return;
  const { shareId } = held;
  const interventionId = sharedRequest();
  release();
  set({ phase: 'ended', interventionId, durationMinutes: null });
  await apiRaw(endUrl(shareId), { method: 'POST', json: { reason: 'client' } }).catch(() => undefined);
}

/** Signing out: the server ends the share with the session; the page only lets go. */
export function dropSharing() {
  release();
  set(IDLE);
}

export async function setMicrophone(on: boolean) {
  if (!held?.peer) return;
  await held.peer.setMicrophone(on);
  update({ microphone: on });
}

export function dismissEnded() {
  if (state.phase === 'ended') set(IDLE);
}

export function useShareState(): ShareState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
    () => IDLE,
  );
}
