// « Courriels »: the outbox as staff read it.

/**
 * GET /api/admin/outbox?status=&q=&limit=&offset= (newest first, X-Total-Count): every e-mail the product sent or will
 * send (« Courriels »). status=queued also lists those being sent. Never the body: a client's password or reset link
 * never leaves the server this way. POST /api/admin/outbox/:id/resend puts a failed one back in the queue (409
 * otherwise, or when its password or link is no longer valid).
 */
import { z } from '#shared/common/zod.ts';
import { MAIL_KINDS, MAIL_STATUSES } from './mail-labels.ts';
import { pageQuery } from '#shared/common/query.ts';

export const outboxMessageSchema = z.object({
  id: z.number().int(),
  kind: z.enum(MAIL_KINDS),
  recipient: z.string(),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  /** tries so far, the current one included */
  attempts: z.number().int(),
  /** why the latest try failed (the SMTP server's answer), kept after a later success */
  lastError: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  sentAt: z.string().nullable(),
  /** « Renvoyer » is offered: failed, and still able to carry what it needs */
  canResend: z.boolean(),
});
export type OutboxMessageDto = z.infer<typeof outboxMessageSchema>;
export const outboxListQuery = pageQuery.extend({
  status: z.enum(MAIL_STATUSES, { error: 'Statut invalide' }).optional(),
});
export type OutboxFilters = z.input<typeof outboxListQuery>;
