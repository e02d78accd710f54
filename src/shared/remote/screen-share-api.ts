// A client's screen shared with the member handling their request (docs/decisions/043). The server stores who, when
// and how long; it relays the pages' offer, answer and network candidates, never the picture or the voice.
import { z } from '#shared/common/zod.ts';
import { isPrintable, UNPRINTABLE_MESSAGE } from '#shared/common/fields.ts';
import { SCREEN_SHARE_END_REASONS } from './screen-share-labels.ts';

/** One entry of RTCConfiguration.iceServers. */
const iceServerSchema = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.string().optional(),
  credential: z.string().optional(),
});

export const screenShareSchema = z.object({
  id: z.number().int(),
  interventionId: z.number().int(),
  startedAt: z.string(),
  joinedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  endedBy: z.enum(SCREEN_SHARE_END_REASONS).nullable(),
  durationMinutes: z.number().int().nullable(),
  /** the first name of the member watching (or handling the request), null: « l’équipe » */
  staffName: z.string().nullable(),
});
export type ScreenShareDto = z.infer<typeof screenShareSchema>;

/** What a page needs to connect: the share, and the STUN/TURN servers with their short-lived credentials. */
export const screenShareSessionSchema = z.object({
  share: screenShareSchema,
  iceServers: z.array(iceServerSchema),
  /** `relay` (ICE_TRANSPORT_POLICY): only through the relay, neither side learns the other's address */
  iceTransportPolicy: z.enum(['all', 'relay']),
  /** the viewer's connection: every signal of this exchange carries it, older ones are ignored */
  peer: z.string().nullable(),
});
export type ScreenShareSession = z.infer<typeof screenShareSessionSchema>;

/** Staff: a running share on a request, for « Le client partage son écran » and « Rejoindre ». */
export const runningScreenShareSchema = z.object({
  id: z.number().int(),
  interventionId: z.number().int(),
  startedAt: z.string(),
  staffName: z.string().nullable(),
  /** whether the asking member may join: the member handling the request, or an admin */
  canJoin: z.boolean(),
});
export type RunningScreenShare = z.infer<typeof runningScreenShareSchema>;

/** An SDP is a few kilobytes; twice the largest Chromium offer seen leaves room and stops a flood of bytes. */
export const SIGNAL_SDP_MAX = 16_000;
/** Every signal's body is refused above this size (413) before it is read. */
export const SIGNAL_BODY_MAX = 20_000;

/** How often the sharing page says it is still there (POST …/alive): a share silent for long ends by itself. */
export const SHARE_ALIVE_EVERY_MS = 30_000;

// Written as they come into a JSON column (live_signals): no NUL, no half of a character, which the database refuses.
const signalText = (min: number, max: number) => z.string().min(min).max(max).refine(isPrintable, UNPRINTABLE_MESSAGE);
const peer = signalText(1, 64);
/** What one page sends the other through the server: WebRTC's offer, answer and candidates, as they are. */
export const signalInputSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.enum(['offer', 'answer']), peer, sdp: signalText(1, SIGNAL_SDP_MAX) }),
  z.object({
    kind: z.literal('candidate'),
    peer,
    candidate: z.object({
      candidate: signalText(0, 1000),
      sdpMid: signalText(0, 64).nullable().optional(),
      sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
      usernameFragment: signalText(0, 256).nullable().optional(),
    }),
  }),
]);
export type SignalInput = z.infer<typeof signalInputSchema>;

/**
 * What a page receives on its live stream (`event: signal`): the other page's signal, a member joining (the client
 * then makes its offer), or the end of the share.
 */
export type Signal =
  | (SignalInput & { shareId: number })
  | { kind: 'join'; shareId: number; peer: string; staffName: string | null }
  | { kind: 'end'; shareId: number; durationMinutes: number | null };

/** How the client ends it: the stop button (or the browser's own), or the page going away. */
export const clientEndInputSchema = z.object({ reason: z.enum(['client', 'page_closed']).default('client') });

export const SCREEN_SHARE_ENDED = 'Ce partage d’écran est terminé.';
export const SCREEN_SHARE_NOT_FOUND = 'Partage d’écran introuvable';
export const SCREEN_SHARE_FORBIDDEN =
  'Seul le membre qui traite cette demande, ou un administrateur, peut voir l’écran du client.';
export const SCREEN_SHARE_REQUEST_CLOSED =
  'Cette demande est close : ouvrez une nouvelle demande pour partager votre écran.';

/** « Partage d’écran : 14 min avec Julien », the line the request's conversation keeps. */
export const screenShareLine = (minutes: number, staffName: string | null) =>
  `Partage d’écran : ${minutes} min avec ${staffName ?? 'l’équipe'}`;
