// The client-area API contract: the server's /api/client/*, /api/auth/*, /api/interventions and /api/subscriptions
// routes send these shapes and read these bodies; the /dashboard and /client/* pages import the same schemas.
// Without a client session every signed-in route answers 401 with CLIENT_UNAUTHORIZED (the word the dashboard looks
// for, docs/specification.md §6).
import { checkRemoteId, remoteSessionFields } from './interventions/remote-session.ts';
import { z } from './common/zod.ts';
import { PLAN_IDS } from './plans.ts';
import { CLIENT_DEVICE_TYPES, DOCUMENT_KINDS, INTERVENTION_STATUSES, PAYMENT_STATUSES, URGENCIES } from './labels.ts';
import { isPrintable, LONG_TEXT_MAX, longTextMessage, UNPRINTABLE_MESSAGE } from './common/fields.ts';
import { newPassword } from './security/password-rules.ts';
import { interventionDeviceId } from './interventions/intervention-input.ts';
import { interventionRatingSchema } from './interventions/rating-api.ts';

/**
 * The one 401 wording of the client area: the dashboard recognises it (docs/specification.md §6), every page treats it
 * alike.
 */
export const CLIENT_UNAUTHORIZED = 'Unauthorized';

const isoDay = z.string(); // YYYY-MM-DD, a calendar day in Paris
const isoInstant = z.string(); // ISO 8601 with time zone

// ---- identity -------------------------------------------------------------------------------------------------

/**
 * GET /api/client/session (docs/specification.md §3 « Client session »): plan is the name of the plan running today, or
 * null.
 */
export const clientSessionSchema = z.object({ name: z.string(), email: z.string(), plan: z.string().nullable() });

/** POST /api/client/login {username,password} and POST /api/auth/login {email,password} (clientLoginInputSchema). */
export const clientLoginResultSchema = clientSessionSchema.extend({ id: z.number().int() });
export type ClientLoginResult = z.infer<typeof clientLoginResultSchema>;

/** GET /api/auth/user: the signed-in client (docs/specification.md §3 « User »). */
export const authUserSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  createdAt: isoInstant,
});
export type AuthUser = z.infer<typeof authUserSchema>;

// ---- subscription ---------------------------------------------------------------------------------------------

/**
 * GET /api/subscriptions/current: the subscription running today (JSON null without one). A subscription runs from
 * its paid order's date for the plan's months and ends the day before the same date N months later; a paid order
 * placed while another runs starts the day after it ends (docs/decisions/006).
 */
export const currentSubscriptionSchema = z.object({
  /** the plan's display name */
  plan: z.string(),
  planId: z.enum(PLAN_IDS),
  price: z.number(),
  durationMonths: z.number().int(),
  startsOn: isoDay,
  /** last day covered, included */
  endsOn: isoDay,
  /** whole days from today to endsOn, endsOn included (1 on the last day) */
  daysLeft: z.number().int(),
  /** requests created this calendar month (Europe/Paris), cancelled ones excepted */
  interventionsUsed: z.number().int(),
  /** null = unlimited */
  interventionsPerMonth: z.number().int().nullable(),
  maxDevices: z.number().int(),
  /** a paid subscription already booked to follow this one, if any */
  next: z.object({ planId: z.enum(PLAN_IDS), plan: z.string(), startsOn: isoDay, endsOn: isoDay }).nullable(),
});
export type CurrentSubscription = z.infer<typeof currentSubscriptionSchema>;

/**
 * POST /api/subscriptions (docs/specification.md §7): the client asks for a plan. Only planId is read; the price and
 * the rest come from the catalogue (the specification's other fields are accepted and ignored). It records a pending
 * order for staff to confirm → 201 ClientOrder. Without a session: 401 'Vous devez être connecté pour vous abonner'.
 */
export const subscriptionRequestInputSchema = z.object({
  planId: z.enum(PLAN_IDS, { error: 'Veuillez sélectionner un plan' }),
});
export type SubscriptionRequest = z.input<typeof subscriptionRequestInputSchema>;
export const SUBSCRIBE_UNAUTHORIZED = 'Vous devez être connecté pour vous abonner';

// ---- orders and invoices --------------------------------------------------------------------------------------

/**
 * GET /api/client/orders (newest first, X-Total-Count): the client's own orders. A paid one carries its period and
 * an invoice (PDF at GET /api/client/orders/:id/invoice, 404 for another client's order or a pending one).
 */
export const clientOrderSchema = z.object({
  id: z.number().int(),
  planId: z.enum(PLAN_IDS),
  plan: z.string(),
  /** '50.00', '0.00' when gifted */
  price: z.string(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  orderDate: isoDay,
  startsOn: isoDay.nullable(),
  endsOn: isoDay.nullable(),
  /** '00000042' when an invoice was issued (the day the order was paid), else null */
  invoiceNumber: z.string().nullable(),
  /**
   * its invoice then its credit notes (avoirs), as issued; each PDF at GET /api/client/documents/:id/pdf
   * (404 for another client's)
   */
  documents: z.array(
    z.object({
      id: z.number().int(),
      kind: z.enum(DOCUMENT_KINDS),
      number: z.string(),
      issuedOn: isoDay,
      totalTtc: z.string(),
    }),
  ),
});
export type ClientOrder = z.infer<typeof clientOrderSchema>;

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

// ---- self-service ---------------------------------------------------------------------------------------------

/** POST /api/client/password → 200 { ok: true }: every other session of the account ends. Wrong current: 400 on currentPassword. */
export const changePasswordInputSchema = z.object({
  currentPassword: z
    .string({ error: 'Le mot de passe actuel est requis' })
    .min(1, 'Le mot de passe actuel est requis')
    .max(200),
  newPassword,
});
export type ChangePasswordInput = z.input<typeof changePasswordInputSchema>;

/**
 * POST /api/auth/forgot-password → 200 { message: FORGOT_PASSWORD_SENT } whether or not the account exists (429 when
 * asked too often). `email` also takes the username, as the login does: a client who forgot one may know the other.
 */
const FORGOT_LOGIN_REQUIRED = 'Saisissez votre adresse e-mail ou votre identifiant';
export const forgotPasswordInputSchema = z.object({
  email: z
    .string({ error: FORGOT_LOGIN_REQUIRED })
    .trim()
    .min(1, FORGOT_LOGIN_REQUIRED)
    .max(254, 'Adresse e-mail ou identifiant trop long')
    .refine(isPrintable, UNPRINTABLE_MESSAGE),
});
export const FORGOT_PASSWORD_SENT =
  'Si un compte correspond à cette adresse, vous allez recevoir un e-mail avec un lien valable une heure.';

/** POST /api/auth/reset-password → 200 { ok: true }; the link is single-use, valid 1 h, and ends every session. */
export const resetPasswordInputSchema = z.object({
  token: z.string({ error: 'Lien invalide' }).min(1, 'Lien invalide').max(200, 'Lien invalide'),
  newPassword,
});
export const RESET_LINK_INVALID = 'Ce lien n’est plus valable. Demandez un nouveau lien de réinitialisation.';

/**
 * GET /api/client/data: everything held about the client, as a JSON download (« Mes données »).
 * POST /api/client/erasure-request → 202 { requestedAt }: staff confirm it in « Messages »; the person is then
 * anonymised, invoices are kept 10 years (privacy policy).
 */
export const erasureRequestResultSchema = z.object({ requestedAt: isoInstant });
/** GET /api/client/erasure-request: the pending request's date, or null (none, or already handled by staff). */
export const erasureRequestStatusSchema = z.object({ requestedAt: isoInstant.nullable() });
