// Interventions (a client's requests for help) as staff and clients read and change them.

/** GET /api/admin/interventions?status=&sort=&limit=&offset= (newest first, or soonest due; X-Total-Count); PATCH /api/admin/interventions/:id answers one. */
import { z } from '#shared/common/zod.ts';
import type { InterventionStatus } from './intervention-labels.ts';
import { URGENCIES, INTERVENTION_STATUSES, REMOTE_TOOLS } from './intervention-labels.ts';
import { CLIENT_DEVICE_TYPES, DEVICE_STATUSES } from '#shared/devices/device-labels.ts';
import { PLAN_IDS } from '#shared/plans.ts';
import { interventionRatingSchema } from './rating-api.ts';
import { pageQuery } from '#shared/common/query.ts';
import { LONG_TEXT_MAX, longTextMessage, isPrintable, UNPRINTABLE_MESSAGE, isoInstant } from '#shared/common/fields.ts';
import { remoteSessionFields, checkRemoteId } from './remote-session.ts';
import { interventionDeviceId } from './intervention-input.ts';
import { MAX_ID } from '#shared/common/query.ts';

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
  /** the client wrote since staff last read the conversation (« Nouveau message du client ») */
  unreadMessage: z.boolean(),
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
  staffId: z
    .number({ error: 'Membre invalide' })
    .int('Membre invalide')
    .positive('Membre invalide')
    .max(MAX_ID, 'Membre invalide')
    .nullable(),
});

// ---- interventions --------------------------------------------------------------------------------------------

/**
 * The response clock of a request (docs/decisions/035): when the first response is due by the client's plan, and
 * when staff first took it in charge or wrote; dueAt is null for requests older than the clock.
 */
const responseClock = { dueAt: isoInstant.nullable(), firstResponseAt: isoInstant.nullable() };
/** The client's own rating once the request is completed (shared/rating-api.ts), else null. */
const rating = { rating: interventionRatingSchema.nullable() };
/**
 * Who handles the request, as clients read it (« Pris en charge par Julien »): the member's first name, « l’équipe »
 * when they gave none, null while nobody handles it. Never a staff username (it opens half of a sign-in).
 */
const handler = {
  handledBy: z.string().nullable(),
  /** a request staff opened for the client (they phoned): « Ouverte par Julien », by the same first name; null: the client did */
  openedBy: z.string().nullable(),
};
/** The team has written on the request since its client last read the conversation (« Nouvelle réponse »). */
const unread = { unreadReply: z.boolean() };

/**
 * GET/POST /api/client/interventions (docs/specification.md §3 « Client intervention »); POST reads
 * clientInterventionSchema.
 */
export const clientInterventionSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  urgency: z.enum(URGENCIES),
  deviceType: z.enum(CLIENT_DEVICE_TYPES).nullable(),
  deviceInfo: z.string(),
  status: z.enum(INTERVENTION_STATUSES),
  createdAt: isoInstant,
  ...responseClock,
  ...rating,
  ...handler,
  ...unread,
});
export type ClientIntervention = z.infer<typeof clientInterventionSchema>;

/**
 * GET/POST /api/interventions (docs/specification.md §3 « Intervention (user) »): duration is the minutes staff
 * recorded, or null.
 */
export const userInterventionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  status: z.enum(INTERVENTION_STATUSES),
  createdAt: isoInstant,
  duration: z.number().int().nullable(),
  ...responseClock,
  ...rating,
  ...handler,
  ...unread,
});
export type UserIntervention = z.infer<typeof userInterventionSchema>;

/**
 * POST /api/interventions: title and description optional; empty ones take the fixed texts of the original
 * dashboard. « Session à distance » adds the tool the client installed and its ID (checked per tool, never a password).
 */
export const dashboardInterventionInputSchema = z
  .object({
    title: z
      .string({ error: 'Titre invalide' })
      .trim()
      .max(120, 'Le titre ne peut pas dépasser 120 caractères')
      .refine(isPrintable, UNPRINTABLE_MESSAGE)
      .optional(),
    description: z
      .string({ error: 'Description invalide' })
      .trim()
      .max(LONG_TEXT_MAX, longTextMessage('La description'))
      .refine(isPrintable, UNPRINTABLE_MESSAGE)
      .optional(),
    remoteTool: remoteSessionFields.remoteTool.optional(),
    remoteId: remoteSessionFields.remoteId.optional(),
    /** one of the client's covered devices (services/devices/) */
    deviceId: interventionDeviceId.optional(),
  })
  .superRefine(checkRemoteId);
