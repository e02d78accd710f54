// The back-office API contract: the server's routes send these shapes, the /admin page reads them.
import { z } from './schemas/zod';
import type { PlanId } from './plans';
import {
  INTERVENTION_STATUSES, REQUEST_STATUSES, type ClientDeviceType, type InterventionStatus, type MailKind, type MailStatus,
  type PaymentMethod, type PaymentStatus, type RemoteTool, type RequestKind, type RequestStatus, type StaffRole,
  type SubscriptionState, type Urgency,
} from './labels';
import { isoDate, isPrintable, UNPRINTABLE_MESSAGE } from './schemas/common';

/**
 * GET /api/admin/session; also the answer of POST /api/admin/login (adminLoginSchema) and POST /api/admin/unlock
 * (unlockSchema; wrong code → 403 code BAD_CODE). Without a session every /api/admin/* call answers 401, and 403
 * to a signed-in client.
 */
export type StaffSession = {
  username: string;
  /** decides the tabs the page shows; the server checks it again on every route */
  role: StaffRole;
  unlocked: boolean;
};

/**
 * GET /api/admin/sessions: the signed-in staff member's own open sessions, the current one first. DELETE
 * /api/admin/sessions/:id ends one of them (404 if not theirs), DELETE /api/admin/sessions every other one.
 */
export type OpenSessionDto = {
  id: number;
  current: boolean;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  /** address and browser at sign-in ('' for sessions opened before they were recorded) */
  address: string;
  userAgent: string;
};

/** DELETE /api/admin/sessions and /api/admin/sessions/:id */
export type SessionsEnded = { ended: number };

/**
 * One order as listed (GET /api/admin/manual-orders?q=&email=&status=&limit=&offset=, newest first, X-Total-Count).
 * Also the answer of PATCH /api/admin/manual-orders/:id (orderUpdateSchema). q matches id, name, e-mail, username, key.
 */
export type OrderDto = {
  id: number;
  clientId: number | null;
  clientName: string;
  clientEmail: string;
  clientPhone: string;
  username: string | null;
  /** the client account has a password (never the password itself: DESIGN.md decision 3) */
  hasPassword: boolean;
  plan: PlanId;
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
  /** '50.00', '0.00' when gifted */
  price: string;
  creditCost: number;
  orderDate: string;
  notes: string;
  createdBy: string;
  verificationKey: string;
  createdAt: string;
};

/**
 * Issued credentials, shown once to staff (on creation or « Régénérer »). Also the answer of
 * POST /api/admin/manual-orders/:id/credentials (new password, username kept, e-mailed) and of
 * GET /api/admin/credentials/suggest?name=… (the « Générer » button: nothing is saved).
 */
export type IssuedCredentials = { username: string; password: string };

/** POST /api/admin/manual-orders → 201 */
export type OrderCreated = { id: number; order: OrderDto; credentials: IssuedCredentials | null };

/** GET /api/admin/users?q=&limit=&offset= : customers grouped by lower(e-mail), computed in SQL. */
export type CustomerDto = {
  email: string;
  name: string;
  phone: string;
  username: string | null;
  revenue: number;
  orderCount: number;
  paidCount: number;
  giftedCount: number;
  credits: number;
  lastOrderDate: string;
};

/** GET /api/admin/contacts?q=&status=&kind=&limit=&offset= (newest first, X-Total-Count); PATCH /api/admin/contacts/:id answers one. */
export type RequestDto = {
  id: number;
  kind: RequestKind;
  status: RequestStatus;
  name: string;
  email: string;
  subject: string;
  message: string;
  captchaAnswer: string | null;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  planId: PlanId | null;
  deviceType: string | null;
  deviceInfo: string | null;
  clientId: number | null;
  /** an erasure request (kind 'erasure'): when staff confirmed it and the person was anonymised, else null */
  erasedAt: string | null;
  /** a registration staff refused (« Refuser »): the reason the person was sent, else null */
  refusalReason: string | null;
  createdAt: string;
  /**
   * A pending registration: the other pending registrations for the same e-mail, oldest first (« Doublon
   * possible »). Each is kept as sent; staff validate the genuine one and close the others.
   */
  duplicates: RegistrationRef[];
};

export type RegistrationRef = { id: number; name: string; createdAt: string };

/**
 * POST /api/admin/contacts/:id/erase (erasure request only): anonymises the client of the request in one transaction
 * (invoices kept, see services/erasure.ts), closes the request and answers it (RequestDto with erasedAt). 400 for
 * another kind of request, 409 when already done.
 */
export type ErasureConfirmed = RequestDto;

/**
 * POST /api/admin/contacts/:id/validate (pending registration only): creates the client account with generated
 * credentials, marks the request 'replied' and e-mails the credentials. 409 when that e-mail already has an account.
 */
export type RegistrationValidated = { clientId: number; credentials: IssuedCredentials };

/**
 * POST /api/admin/contacts/:id/refuse (pending registration only): closes it with the reason, e-mails the reason to
 * the person (in the same transaction: the message cannot be lost) and answers the request (RequestDto). 400 for
 * another kind, 409 when already handled.
 */
export const registrationRefusalSchema = z.object({
  reason: z.string({ error: 'Indiquez la raison du refus' }).trim()
    .min(3, 'Indiquez la raison du refus (elle est envoyée à la personne)')
    .max(500, 'La raison ne peut pas dépasser 500 caractères')
    .refine(isPrintable, UNPRINTABLE_MESSAGE),
});
export type RegistrationRefusal = z.infer<typeof registrationRefusalSchema>;

/** PATCH /api/admin/contacts/:id */
export const requestUpdateSchema = z.object({ status: z.enum(REQUEST_STATUSES, { error: 'Statut invalide' }) });

/** GET /api/admin/stats?from=YYYY-MM-DD&to=YYYY-MM-DD (both optional, inclusive, on orderDate) */
export const statsQuerySchema = z.object({ from: isoDate.optional(), to: isoDate.optional() });
export type PlanStats = { plan: PlanId; orders: number; paid: number; gifted: number; revenue: number; creditCost: number };
export type DashboardStats = {
  revenue: number;
  giftedCount: number;
  totalCreditCost: number;
  totalOrders: number;
  pendingPayments: number;
  /** paid / total, rounded percent */
  conversionRate: number;
  byPlan: PlanStats[];
  byMonth: Array<{ month: string; revenue: number; orders: number }>;
};

/**
 * GET /api/admin/subscriptions?active=true|false&state=&limit=&offset=: one per paid order with its chained period (both
 * days included in `active`), newest first, X-Total-Count. `state` (SUBSCRIPTION_STATES) tells whether it is to come,
 * running, ending within 14 days with nothing booked after it (« expire bientôt »), or over with (renewed) or without
 * (expired) a later one; ?state= filters on it.
 */
export type SubscriptionDto = {
  orderId: number;
  clientId: number | null;
  clientName: string;
  clientEmail: string;
  plan: PlanId;
  startDate: string;
  endDate: string;
  active: boolean;
  state: SubscriptionState;
};

/** GET /api/admin/interventions?status=&limit=&offset= (newest first, X-Total-Count); PATCH /api/admin/interventions/:id answers one. */
export type AdminInterventionDto = {
  id: number;
  clientId: number;
  clientName: string;
  clientEmail: string;
  title: string;
  description: string;
  urgency: Urgency;
  deviceType: ClientDeviceType | null;
  deviceInfo: string;
  status: InterventionStatus;
  durationMinutes: number | null;
  staffNotes: string;
  plan: PlanId | null;
  /** « Session à distance »: the tool the client installed and its ID without spaces (null for Quick Assist) */
  remoteTool: RemoteTool | null;
  remoteId: string | null;
  /** the response clock: due by the client's plan (null for older requests), and the first response */
  dueAt: string | null;
  firstResponseAt: string | null;
  createdAt: string;
  updatedAt: string;
};

/**
 * GET /api/admin/interventions/response-times: per plan and month, the requests measured against their promise, those
 * answered by their due time, and the median first response in business minutes (null when none was answered).
 */
export type ResponseTimeStats = {
  plan: PlanId; month: string; measured: number; withinPromise: number; medianMinutes: number | null;
}[];

/** The statuses staff may move an intervention to from each status (DESIGN.md decision 8); anything else is 409. */
export const INTERVENTION_TRANSITIONS: Record<InterventionStatus, readonly InterventionStatus[]> = {
  pending: ['in_progress', 'cancelled'],
  in_progress: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
};

/** PATCH /api/admin/interventions/:id: status along INTERVENTION_TRANSITIONS, duration and notes. */
export const interventionUpdateSchema = z.object({
  status: z.enum(INTERVENTION_STATUSES, { error: 'Statut invalide' }).optional(),
  durationMinutes: z.number({ error: 'Durée invalide' }).int('Durée invalide').min(0, 'Durée invalide').max(24 * 60, 'Durée invalide').nullable().optional(),
  staffNotes: z.string().trim().max(2000, 'Les notes ne peuvent pas dépasser 2000 caractères').refine(isPrintable, UNPRINTABLE_MESSAGE).optional(),
});

/**
 * GET /api/admin/audit?entity=&entityId=&staffUsername=&action=&from=&to=&limit=&offset= (admins only; newest first,
 * X-Total-Count). Actions: order.create, order.update, order.credentials, staff.login, staff.login_failed, team.create,
 * … (`action=order` finds every order.*). No route edits or deletes an entry.
 */
export type AuditEntryDto = {
  id: number;
  staffUsername: string;
  action: string;
  entity: string;
  entityId: string;
  /** the address the action came from; null when the server did it itself */
  address: string | null;
  before: unknown;
  after: unknown;
  createdAt: string;
};

/**
 * GET /api/admin/outbox?status=&q=&limit=&offset= (newest first, X-Total-Count): every e-mail the product sent or will
 * send (« Courriels »). status=queued also lists those being sent. Never the body: a client's password or reset link
 * never leaves the server this way. POST /api/admin/outbox/:id/resend puts a failed one back in the queue (409
 * otherwise, or when its password or link is no longer valid).
 */
export type OutboxMessageDto = {
  id: number;
  kind: MailKind;
  recipient: string;
  subject: string;
  status: MailStatus;
  /** tries so far, the current one included */
  attempts: number;
  /** why the latest try failed (the SMTP server's answer), kept after a later success */
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
  /** « Renvoyer » is offered: failed, and still able to carry what it needs */
  canResend: boolean;
};
