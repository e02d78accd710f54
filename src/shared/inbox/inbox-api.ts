// The staff's inbox: registrations, contact messages, erasure requests, and what staff do with them.

import { z } from '#shared/common/zod.ts';
import { INBOX_KINDS, INBOX_STATUSES } from './inbox-labels.ts';
import { PLAN_IDS } from '#shared/plans.ts';
import { pageQuery } from '#shared/common/query.ts';
import { issuedCredentialsSchema } from '#shared/orders/order-api.ts';
import { isPrintable, UNPRINTABLE_MESSAGE } from '#shared/common/fields.ts';

const registrationRefSchema = z.object({ id: z.number().int(), name: z.string(), createdAt: z.string() });
export type RegistrationRef = z.infer<typeof registrationRefSchema>;

/** GET /api/admin/contacts?q=&status=&kind=&limit=&offset= (newest first, X-Total-Count); PATCH /api/admin/contacts/:id answers one. */
export const inboxItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(INBOX_KINDS),
  status: z.enum(INBOX_STATUSES),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  captchaAnswer: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  planId: z.enum(PLAN_IDS).nullable(),
  deviceType: z.string().nullable(),
  deviceInfo: z.string().nullable(),
  clientId: z.number().int().nullable(),
  /** an erasure request (kind 'erasure'): when staff confirmed it and the person was anonymised, else null */
  erasedAt: z.string().nullable(),
  /** a registration staff refused (« Refuser »): the reason the person was sent, else null */
  refusalReason: z.string().nullable(),
  createdAt: z.string(),
  /**
   * A pending registration: the other pending registrations for the same e-mail, oldest first (« Doublon
   * possible »). Each is kept as sent; staff validate the genuine one and close the others.
   */
  duplicates: z.array(registrationRefSchema),
});
export type InboxItemDto = z.infer<typeof inboxItemSchema>;

export const inboxListQuery = pageQuery.extend({
  status: z.enum(INBOX_STATUSES, { error: 'Statut invalide' }).optional(),
  kind: z.enum(INBOX_KINDS, { error: 'Type de demande invalide' }).optional(),
});
export type InboxFilters = z.input<typeof inboxListQuery>;

/**
 * POST /api/admin/contacts/:id/erase (erasure request only): anonymises the client of the request in one transaction
 * (invoices kept, see services/inbox/erasure.ts), closes the request and answers it (InboxItemDto with erasedAt). 400 for
 * another kind of request, 409 when already done.
 */
export type ErasureConfirmed = InboxItemDto;

/**
 * POST /api/admin/contacts/:id/validate (pending registration only): creates the client account with generated
 * credentials, marks the request 'replied' and e-mails the credentials. 409 when that e-mail already has an account.
 */
export const registrationValidatedSchema = z.object({
  clientId: z.number().int(),
  credentials: issuedCredentialsSchema,
});
export type RegistrationValidated = z.infer<typeof registrationValidatedSchema>;

/**
 * POST /api/admin/contacts/:id/refuse (a pending registration) and …/erasure/refuse (an erasure request): closes it
 * with the reason, e-mails the reason to the person (in the same transaction: the message cannot be lost) and answers
 * the request (InboxItemDto). 400 for another kind, 409 when already handled.
 */
export const refusalInputSchema = z.object({
  reason: z
    .string({ error: 'Indiquez la raison du refus' })
    .trim()
    .min(3, 'Indiquez la raison du refus (elle est envoyée à la personne)')
    .max(500, 'La raison ne peut pas dépasser 500 caractères')
    .refine(isPrintable, UNPRINTABLE_MESSAGE),
});
export type RefusalInput = z.infer<typeof refusalInputSchema>;

/** PATCH /api/admin/contacts/:id */
export const inboxUpdateInputSchema = z.object({ status: z.enum(INBOX_STATUSES, { error: 'Statut invalide' }) });
