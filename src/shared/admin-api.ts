// The back-office API contract: the server's routes send these shapes, the /admin page reads them.
import { z } from './common/zod.ts';
import { PLAN_IDS } from './plans.ts';
import {
  CHECKOUT_STATUSES,
  CLIENT_DEVICE_TYPES,
  DEVICE_STATUSES,
  INTERVENTION_STATUSES,
  MAIL_KINDS,
  MAIL_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  REMOTE_TOOLS,
  INBOX_KINDS,
  INBOX_STATUSES,
  SUBSCRIPTION_STATES,
  STAFF_ROLES,
  URGENCIES,
  type InterventionStatus,
} from './labels.ts';
import { isoDate, isPrintable, LONG_TEXT_MAX, longTextMessage, UNPRINTABLE_MESSAGE } from './common/fields.ts';
import { pageQuery } from './common/query.ts';
import { interventionRatingSchema } from './interventions/rating-api.ts';
import { orderDocumentsFields } from './billing/invoice-api.ts';

/**
 * GET /api/admin/session; also the answer of POST /api/admin/login (adminLoginInputSchema) and POST /api/admin/unlock
 * (unlockInputSchema; wrong code → 403 code BAD_CODE). Without a session every /api/admin/* call answers 401, and 403
 * to a signed-in client.
 */
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

/**
 * One order as listed (GET /api/admin/manual-orders?q=&email=&status=&limit=&offset=, newest first, X-Total-Count).
 * Also the answer of PATCH /api/admin/manual-orders/:id (orderUpdateInputSchema). q matches id, name, e-mail, username, key.
 */
const orderDtoSchema = z.object({
  id: z.number().int(),
  clientId: z.number().int().nullable(),
  clientName: z.string(),
  clientEmail: z.string(),
  clientPhone: z.string(),
  username: z.string().nullable(),
  /** the client account has a password (never the password itself: docs/decisions/004) */
  hasPassword: z.boolean(),
  plan: z.enum(PLAN_IDS),
  paymentMethod: z.enum(PAYMENT_METHODS),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  /** '50.00', '0.00' when gifted */
  price: z.string(),
  creditCost: z.number(),
  orderDate: z.string(),
  notes: z.string(),
  createdBy: z.string(),
  verificationKey: z.string(),
  createdAt: z.string(),
  /** why an online payment of this order did not go through (expired, refused, wrong amount): for staff to look at */
  paymentIssue: z.string().nullable(),
  /** the provider's latest Checkout session of the order (the paid one first), with its page in the provider's dashboard */
  onlinePayment: z
    .object({
      sessionId: z.string(),
      paymentIntent: z.string().nullable(),
      status: z.enum(CHECKOUT_STATUSES),
      dashboardUrl: z.string(),
    })
    .nullable(),
});
export type OrderDto = z.infer<typeof orderDtoSchema>;
/** An order with its invoice and credit notes, as every order route answers it. */
export const orderSchema = orderDtoSchema.extend(orderDocumentsFields);
export const orderListQuery = pageQuery.extend({
  email: z
    .string({ error: 'Adresse e-mail invalide' })
    .trim()
    .max(254, 'Adresse e-mail invalide')
    .optional()
    .transform((s) => s || undefined),
  status: z.enum(PAYMENT_STATUSES, { error: 'Statut de paiement invalide' }).optional(),
});
export type OrderFilters = z.input<typeof orderListQuery>;

/**
 * Issued credentials, shown once to staff (on creation or « Régénérer »). Also the answer of
 * POST /api/admin/manual-orders/:id/credentials (new password, username kept, e-mailed) and of
 * GET /api/admin/credentials/suggest?name=… (the « Générer » button: nothing is saved).
 */
export const issuedCredentialsSchema = z.object({ username: z.string(), password: z.string() });
export type IssuedCredentials = z.infer<typeof issuedCredentialsSchema>;

/** POST /api/admin/manual-orders → 201, or 200 when an earlier send with the same idempotency key had made it */
export const orderCreatedSchema = z.object({
  id: z.number().int(),
  order: orderSchema,
  credentials: issuedCredentialsSchema.nullable(),
  /** the order had been made by an earlier send with the same idempotency key: nothing was written now */
  replayed: z.boolean(),
});
export type OrderCreated = z.infer<typeof orderCreatedSchema>;

/**
 * POST /api/admin/manual-orders may carry an Idempotency-Key: the form draws one per order it is filling, so the
 * same order sent again after a lost answer (a dropped connection, a double click) is created once. 200 instead of
 * 201 when an earlier request had created it (the password is then not shown again).
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const orderCreationHeaders = z.looseObject({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,100}$/, 'Clé d’idempotence invalide : 16 à 100 lettres, chiffres, - ou _.')
    .optional(),
});

/** GET /api/admin/credentials/suggest?name=… */
export const credentialsSuggestQuery = z.object({
  name: z.string({ error: 'Nom invalide' }).trim().max(120, 'Nom trop long').optional().default(''),
});

/** GET /api/admin/users?q=&limit=&offset= : customers grouped by lower(e-mail), computed in SQL. */
export const customerSchema = z.object({
  email: z.string(),
  name: z.string(),
  phone: z.string(),
  username: z.string().nullable(),
  revenue: z.number(),
  orderCount: z.number().int(),
  paidCount: z.number().int(),
  giftedCount: z.number().int(),
  credits: z.number(),
  lastOrderDate: z.string(),
});
export type CustomerDto = z.infer<typeof customerSchema>;
export const customerListQuery = pageQuery;
export type CustomerFilters = z.input<typeof customerListQuery>;

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

/** GET /api/admin/stats?from=YYYY-MM-DD&to=YYYY-MM-DD (both optional, inclusive, on orderDate) */
export const statsQueryInputSchema = z.object({ from: isoDate.optional(), to: isoDate.optional() });
const planStatsSchema = z.object({
  plan: z.enum(PLAN_IDS),
  orders: z.number().int(),
  paid: z.number().int(),
  gifted: z.number().int(),
  revenue: z.number(),
  creditCost: z.number(),
});
export type PlanStats = z.infer<typeof planStatsSchema>;
export const dashboardStatsSchema = z.object({
  revenue: z.number(),
  giftedCount: z.number().int(),
  totalCreditCost: z.number(),
  totalOrders: z.number().int(),
  pendingPayments: z.number().int(),
  /** paid / total, rounded percent */
  conversionRate: z.number(),
  byPlan: z.array(planStatsSchema),
  byMonth: z.array(z.object({ month: z.string(), revenue: z.number(), orders: z.number().int() })),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

/**
 * GET /api/admin/subscriptions?active=true|false&state=&limit=&offset=: one per paid order with its chained period (both
 * days included in `active`), newest first, X-Total-Count. `state` (SUBSCRIPTION_STATES) tells whether it is to come,
 * running, ending within 14 days with nothing booked after it (« expire bientôt »), or over with (renewed) or without
 * (expired) a later one; ?state= filters on it.
 */
export const subscriptionSchema = z.object({
  orderId: z.number().int(),
  clientId: z.number().int().nullable(),
  clientName: z.string(),
  clientEmail: z.string(),
  plan: z.enum(PLAN_IDS),
  startDate: z.string(),
  endDate: z.string(),
  active: z.boolean(),
  state: z.enum(SUBSCRIPTION_STATES),
});
export type SubscriptionDto = z.infer<typeof subscriptionSchema>;
export const subscriptionListQuery = pageQuery.extend({
  active: z
    .enum(['true', 'false'], { error: 'Paramètre active invalide' })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  state: z.enum(SUBSCRIPTION_STATES, { error: 'État d’abonnement invalide' }).optional(),
});
export type SubscriptionFilters = z.input<typeof subscriptionListQuery>;

/** GET /api/admin/interventions?status=&sort=&limit=&offset= (newest first, or soonest due; X-Total-Count); PATCH /api/admin/interventions/:id answers one. */
export const adminInterventionSchema = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  clientName: z.string(),
  clientEmail: z.string(),
  title: z.string(),
  description: z.string(),
  urgency: z.enum(URGENCIES),
  deviceType: z.enum(CLIENT_DEVICE_TYPES).nullable(),
  deviceInfo: z.string(),
  /** the client's covered device the request names (shared/device-api.ts); null for older requests */
  deviceId: z.number().int().nullable(),
  /**
   * that device as it stands now: its status, whether the running plan covers it (false: « hors formule », computed as
   * for the client, decision 022), whether help on it is blocked by its proof; null without a device
   */
  deviceState: z.object({ status: z.enum(DEVICE_STATUSES), covered: z.boolean(), blocked: z.boolean() }).nullable(),
  status: z.enum(INTERVENTION_STATUSES),
  durationMinutes: z.number().int().nullable(),
  staffNotes: z.string(),
  plan: z.enum(PLAN_IDS).nullable(),
  /** « Session à distance »: the tool the client installed and its ID without spaces (null for Quick Assist) */
  remoteTool: z.enum(REMOTE_TOOLS).nullable(),
  remoteId: z.string().nullable(),
  /** the response clock: due by the client's plan (null for older requests), and the first response */
  dueAt: z.string().nullable(),
  firstResponseAt: z.string().nullable(),
  /** staff were warned its response is near due (RESPONSE_WARNING_PERCENT); admins were told it is late */
  warnedAt: z.string().nullable(),
  escalatedAt: z.string().nullable(),
  /** the client's rating of the completed request (shared/rating-api.ts), null until given */
  rating: interventionRatingSchema.nullable(),
  /** who handles it: who took it in charge, or whom an admin gave it to; null while nobody does */
  assignee: z.object({ id: z.number().int(), username: z.string(), firstName: z.string().nullable() }).nullable(),
  /** the member who opened it on the client's behalf; null when the client sent it */
  openedBy: z.object({ id: z.number().int(), username: z.string(), firstName: z.string().nullable() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminInterventionDto = z.infer<typeof adminInterventionSchema>;
const INTERVENTION_SORTS = ['recent', 'due'] as const;
export type InterventionSort = (typeof INTERVENTION_SORTS)[number];
/** 'rated': the requests a client rated; 'low': those rated 1 or 2 stars, the clients to call back. */
const INTERVENTION_RATING_FILTERS = ['rated', 'low'] as const;
export type InterventionRatingFilter = (typeof INTERVENTION_RATING_FILTERS)[number];
/** « Mes demandes »: those the signed-in member handles; « Non attribuées »: those nobody handles yet. */
const INTERVENTION_ASSIGNEE_FILTERS = ['me', 'unassigned'] as const;
export type InterventionAssigneeFilter = (typeof INTERVENTION_ASSIGNEE_FILTERS)[number];
export const interventionListQuery = pageQuery.extend({
  assignee: z.enum(INTERVENTION_ASSIGNEE_FILTERS, { error: 'Filtre invalide : « me » ou « unassigned »' }).optional(),
  status: z.enum(INTERVENTION_STATUSES, { error: 'Statut invalide' }).optional(),
  sort: z.enum(INTERVENTION_SORTS, { error: 'Tri invalide : « recent » ou « due »' }).optional(),
  rating: z.enum(INTERVENTION_RATING_FILTERS, { error: 'Filtre d’avis invalide : « rated » ou « low »' }).optional(),
});
export type InterventionFilters = z.input<typeof interventionListQuery>;

/**
 * GET /api/admin/interventions/response-times: per plan and month, the requests measured against their promise, those
 * answered by their due time, and the median first response in business minutes (null when none was answered).
 */
export const responseTimeStatsSchema = z.array(
  z.object({
    plan: z.enum(PLAN_IDS),
    month: z.string(),
    measured: z.number().int(),
    withinPromise: z.number().int(),
    medianMinutes: z.number().nullable(),
  }),
);
export type ResponseTimeStats = z.infer<typeof responseTimeStatsSchema>;

/** The statuses staff may move an intervention to from each status (docs/decisions/033); anything else is 409. */
export const INTERVENTION_TRANSITIONS: Record<InterventionStatus, readonly InterventionStatus[]> = {
  pending: ['in_progress', 'cancelled'],
  in_progress: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
};

/** The longest time staff may record on one intervention: a day, in minutes. */
export const DURATION_MAX_MINUTES = 24 * 60;

/** PATCH /api/admin/interventions/:id: status along INTERVENTION_TRANSITIONS, duration and notes. */
export const interventionUpdateInputSchema = z.object({
  status: z.enum(INTERVENTION_STATUSES, { error: 'Statut invalide' }).optional(),
  durationMinutes: z
    .number({ error: 'Durée invalide' })
    .int('Durée invalide')
    .min(0, 'Durée invalide')
    .max(DURATION_MAX_MINUTES, 'Durée invalide')
    .nullable()
    .optional(),
  staffNotes: z
    .string()
    .trim()
    .max(LONG_TEXT_MAX, longTextMessage())
    .refine(isPrintable, UNPRINTABLE_MESSAGE)
    .optional(),
});

/**
 * PUT /api/admin/interventions/:id/assignee: who handles the request (null: nobody). An admin gives it to any active
 * member; a technician may only take for themself a request nobody handles (403 otherwise).
 */
export const interventionAssignInputSchema = z.object({
  staffId: z.number({ error: 'Membre invalide' }).int('Membre invalide').positive('Membre invalide').nullable(),
});

/**
 * GET /api/admin/audit?entity=&entityId=&staffUsername=&action=&from=&to=&limit=&offset= (admins only; newest first,
 * X-Total-Count). Actions: order.create, order.update, order.credentials, staff.login, staff.login_failed, team.create,
 * … (`action=order` finds every order.*). No route edits or deletes an entry.
 */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  staffUsername: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  /** the address the action came from; null when the server did it itself */
  address: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntryDto = z.infer<typeof auditEntrySchema>;
const filterText = (name: string, max: number) =>
  z
    .string({ error: `Paramètre ${name} invalide` })
    .trim()
    .max(max, `Paramètre ${name} invalide`)
    .optional()
    .transform((s) => s || undefined);
export const auditListQuery = pageQuery.extend({
  entity: filterText('entity', 40),
  entityId: filterText('entityId', 40),
  staffUsername: filterText('staffUsername', 80),
  action: filterText('action', 60),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type AuditFilters = z.input<typeof auditListQuery>;

/**
 * GET /api/admin/outbox?status=&q=&limit=&offset= (newest first, X-Total-Count): every e-mail the product sent or will
 * send (« Courriels »). status=queued also lists those being sent. Never the body: a client's password or reset link
 * never leaves the server this way. POST /api/admin/outbox/:id/resend puts a failed one back in the queue (409
 * otherwise, or when its password or link is no longer valid).
 */
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
