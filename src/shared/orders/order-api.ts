// Orders as staff and clients read them, and what creating one answers.

/**
 * One order as listed (GET /api/admin/manual-orders?q=&email=&status=&limit=&offset=, newest first, X-Total-Count).
 * Also the answer of PATCH /api/admin/manual-orders/:id (orderUpdateInputSchema). q matches id, name, e-mail, username, key.
 */
import { z } from '#shared/common/zod.ts';
import { PLAN_IDS } from '#shared/plans.ts';
import { PAYMENT_METHODS, PAYMENT_STATUSES, CHECKOUT_STATUSES } from '#shared/billing/payment-labels.ts';
import { orderDocumentsFields } from '#shared/billing/invoice-api.ts';
import { pageQuery } from '#shared/common/query.ts';
import { isoDay, isPrintable } from '#shared/common/fields.ts';
import { DOCUMENT_KINDS } from '#shared/billing/billing-labels.ts';

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
  /** what the client ticked when ordering on the site (docs/decisions/041); null for an order staff entered */
  consent: z
    .object({ cgvVersion: z.string(), acceptedAt: z.string(), expressRequestAt: z.string().nullable() })
    .nullable(),
  /** « Me rétracter »: when, and the amount to give back as the credit note (and card refund where paid online) */
  withdrawal: z.object({ at: z.string(), refund: z.string() }).nullable(),
});
export type OrderDto = z.infer<typeof orderDtoSchema>;
/** An order with its invoice and credit notes, as every order route answers it. */
export const orderSchema = orderDtoSchema.extend(orderDocumentsFields);
export const orderListQuery = pageQuery.extend({
  email: z
    .string({ error: 'Adresse e-mail invalide' })
    .trim()
    .max(254, 'Adresse e-mail invalide')
    .refine(isPrintable, 'Adresse e-mail invalide')
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
  /** a payment attempt did not go through (refused, expired, wrong amount): the client may pay again */
  paymentRefused: z.boolean(),
  /** « Me rétracter »: the last day the client may withdraw (paid, not withdrawn), else null (docs/decisions/041) */
  withdrawableUntil: isoDay.nullable(),
  /** the client withdrew: the day, and the amount to be given back */
  withdrawal: z.object({ on: isoDay, refund: z.string() }).nullable(),
});

/** POST /api/client/orders/:id/withdrawal: the withdrawal recorded and the amount to be given back. */
export const withdrawalDoneSchema = z.object({ withdrawnOn: isoDay, refund: z.string() });
export type ClientOrder = z.infer<typeof clientOrderSchema>;
