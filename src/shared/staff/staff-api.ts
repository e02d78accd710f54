// What the back-office reads of the signed-in member and their open sessions.

/**
 * GET /api/admin/session; also the answer of POST /api/admin/login (adminLoginInputSchema) and POST /api/admin/unlock
 * (unlockInputSchema; wrong code → 403 code BAD_SECRET_CODE). Without a session every /api/admin/* call answers 401, and 403
 * to a signed-in client.
 */
import { z } from '#shared/common/zod.ts';
import { STAFF_ROLES } from './staff-labels.ts';

export const staffSessionSchema = z.object({
  /** the member's id: the live bar tells their own actions (an event's actorId) from the others' */
  id: z.number().int(),
  username: z.string(),
  /** decides the tabs the page shows; the server checks it again on every route */
  role: z.enum(STAFF_ROLES),
  unlocked: z.boolean(),
});
export type StaffSession = z.infer<typeof staffSessionSchema>;

/**
 * GET /api/admin/sessions: the signed-in staff member's own open sessions, the current one first. DELETE
 * /api/admin/sessions/:id ends one of them (404 if not theirs), DELETE /api/admin/sessions every other one.
 */
export const openSessionSchema = z.object({
  id: z.number().int(),
  current: z.boolean(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  /** address and browser at sign-in ('' for sessions opened before they were recorded) */
  address: z.string(),
  userAgent: z.string(),
});
export type OpenSessionDto = z.infer<typeof openSessionSchema>;

/** DELETE /api/admin/sessions and /api/admin/sessions/:id */
export const sessionsEndedSchema = z.object({ ended: z.number().int() });
export type SessionsEnded = z.infer<typeof sessionsEndedSchema>;
