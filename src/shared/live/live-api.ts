// What open pages receive as Server-Sent Events: GET /api/admin/events (staff) and GET /api/client/events (a client).
// An event names what changed, never its content: the page reads the change through its usual API, which checks
// rights again. `text` is the one sentence a notification shows, written for that reader.
import { z } from '#shared/common/zod.ts';

const INTERVENTION_KINDS = [
  'intervention.created',
  'intervention.message',
  'intervention.reply',
  'intervention.status',
  'intervention.assigned',
  'intervention.due_soon',
  'intervention.overdue',
  'intervention.screen_share',
  'intervention.screen_share_ended',
  /** the other side read the thread: « Lu » under its writer's messages, a colleague's « Nouveau message » gone */
  'intervention.read',
] as const;
/** Staff only: what arrives in « Messages » (registrations, contact messages, erasure requests) and a device's proof. */
const STAFF_ONLY_KINDS = ['inbox.registration', 'inbox.contact', 'inbox.erasure', 'device.proof'] as const;
const LIVE_KINDS = [...INTERVENTION_KINDS, ...STAFF_ONLY_KINDS] as const;
export type LiveKind = (typeof LIVE_KINDS)[number];
export type InboxLiveKind = Extract<LiveKind, `inbox.${string}`>;

export const liveEventSchema = z.object({
  id: z.number().int(),
  kind: z.enum(LIVE_KINDS),
  /**
   * what the kind names: the screen share's id (intervention.screen_share*), else the request's (intervention.*), the
   * « Messages » item's (inbox.*), the device's (device.*)
   */
  subjectId: z.number().int(),
  /** the request the event is about; null for « Messages » and devices */
  interventionId: z.number().int().nullable(),
  text: z.string(),
  at: z.string(),
  /** staff only: the member whose action caused it (null: a client, or the server); never in a client's events */
  actorId: z.number().int().nullable().optional(),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;

/** The kinds that call a staff member's attention (notification, sound) rather than only refresh a list. */
export const STAFF_ALERT_KINDS: readonly LiveKind[] = [
  'intervention.created',
  'intervention.message',
  'intervention.due_soon',
  'intervention.overdue',
  'intervention.screen_share',
  'inbox.registration',
  'inbox.contact',
  'inbox.erasure',
  'device.proof',
];
