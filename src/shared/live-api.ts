// What open pages receive as Server-Sent Events: GET /api/admin/events (staff) and GET /api/client/events (a client).
// An event names what changed, never its content: the page reads the change through its usual API, which checks
// rights again. `text` is the one sentence a notification shows, written for that reader.
import { z } from './schemas/zod';

const LIVE_KINDS = [
  'intervention.created', 'intervention.message', 'intervention.reply', 'intervention.status', 'intervention.assigned',
  'intervention.due_soon', 'intervention.overdue',
] as const;
export type LiveKind = (typeof LIVE_KINDS)[number];

export const liveEventSchema = z.object({
  id: z.number().int(),
  kind: z.enum(LIVE_KINDS),
  interventionId: z.number().int(),
  text: z.string(),
  at: z.string(),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;

/** The kinds that call a staff member's attention (title count, notification, sound) rather than only refresh a list. */
export const STAFF_ALERT_KINDS: readonly LiveKind[] = ['intervention.created', 'intervention.message', 'intervention.due_soon', 'intervention.overdue'];
