import { z } from './common/zod.ts';

/**
 * Every code an error answer of ours carries, beside its French message (docs/decisions/016), and the one HTTP status
 * it is always sent with: an error is raised by its code alone (`new HttpError('NOT_FOUND', message)`), so a code
 * cannot answer 400 here and 409 there. The browser decides by the code (which form field, whether a link is dead,
 * whether to reload a list), never by the message's text, so a reworded message changes nothing but what people read.
 */
export const ERROR_STATUS = {
  // The HTTP request itself
  VALIDATION: 400,
  INVALID_REQUEST: 400,
  INVALID_JSON: 400,
  EMPTY_BODY: 400,
  INVALID_LENGTH: 400,
  BODY_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  BAD_URL: 400,
  URL_TOO_LONG: 414,
  NOT_FOUND: 404,
  FORBIDDEN_ORIGIN: 403,
  RATE_LIMITED: 429,
  DATABASE_UNAVAILABLE: 503,
  LIVE_BUSY: 503,
  LIVE_TOO_MANY: 429,
  SERVER_ERROR: 500,
  // Sessions and roles
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  ROLE_FORBIDDEN: 403,
  LOCKED: 403,
  ACCOUNT_DISABLED: 403,
  DISABLED: 409,
  LAST_ADMIN: 409,
  // Signing in, passwords, second factor
  BAD_CREDENTIALS: 401,
  BAD_PASSWORD: 400,
  BAD_CURRENT_PASSWORD: 400,
  SAME_PASSWORD: 400,
  WEAK_PASSWORD: 400,
  THROTTLED: 429,
  /** a confirmation code typed in a form (enrolling, recovery codes, turning the second factor off) */
  BAD_CODE: 400,
  /** the second step of a staff sign-in refused: the sign-in fails */
  BAD_SECOND_FACTOR: 401,
  /** the secret code that unlocks the download tab */
  BAD_SECRET_CODE: 403,
  CHALLENGE_EXPIRED: 401,
  TWO_FACTOR_REQUIRED: 409,
  NO_ENROLMENT: 409,
  SECRET_GONE: 409,
  LINK_INVALID: 400,
  LINK_EXPIRED: 409,
  RESET_LINK_INVALID: 400,
  USERNAME_TAKEN: 409,
  NO_ACCOUNT: 409,
  NO_EMAIL: 409,
  CAPTCHA: 400,
  // Orders, invoices, credit notes
  IDEMPOTENCY_MISMATCH: 422,
  /** the client already has a pending order waiting for staff (one at a time) */
  ORDER_PENDING: 409,
  INVOICED: 409,
  NO_INVOICE: 409,
  ALREADY_CREDITED: 409,
  // Online payment
  NOT_PAYABLE: 409,
  PROVIDER_UNAVAILABLE: 502,
  BAD_SIGNATURE: 400,
  NOT_REFUNDABLE: 400,
  // Inbox items: registrations, contact messages, erasure requests
  NOT_REGISTRATION: 400,
  NOT_ERASURE: 400,
  ERASURE_NO_STATUS: 409,
  ERASURE_ADMIN_ONLY: 403,
  ALREADY_EXISTS: 409,
  ALREADY_DONE: 409,
  /** staff erase an account still inside its retention period (« Conservation dépassée ») */
  RETENTION_RUNNING: 409,
  /** an assistance request of the account is still open: its erasure waits */
  REQUEST_OPEN: 409,
  // Interventions and their threads
  /** the signed-in client has no running plan */
  NO_SUBSCRIPTION: 403,
  /** staff act for a client who has no running plan (a 403 in the back-office would read as « not your role ») */
  CLIENT_WITHOUT_SUBSCRIPTION: 409,
  MONTHLY_LIMIT: 409,
  BAD_TRANSITION: 409,
  ALREADY_CLOSED: 409,
  THREAD_CLOSED: 409,
  RATING_NOT_YET: 409,
  ATTACHMENT_TYPE: 415,
  ATTACHMENT_TOO_BIG: 413,
  ATTACHMENT_QUOTA: 413,
  // Devices and their proofs of ownership
  DEVICE_LIMIT: 409,
  DEVICE_BLOCKED: 409,
  DEVICE_NOT_IN_USE: 409,
  DEVICE_NOT_COVERED: 409,
  DEVICE_DECIDED: 409,
  PROOF_QUOTA: 413,
  REFUND_PENDING: 409,
  PROOFS_AWAITING: 409,
  UPLOAD_HEADER: 400,
  ASSIGN_FORBIDDEN: 403,
  ASSIGNEE_INVALID: 400,
  // E-mail, backup
  NOT_FAILED: 409,
  BACKUP_RUNNING: 409,
  BACKUP_FAILED: 500,
  // Screen sharing
  SCREEN_SHARE_ENDED: 409,
  SCREEN_SHARE_FORBIDDEN: 403,
  // Withdrawal (« Me rétracter »)
  NOT_PAID: 409,
  WITHDRAWAL_CLOSED: 409,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;
const errorCodeSchema = z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]);

/** Every error answer: `{ code, message, fieldErrors? }` (the runtime contract, docs/decisions/016). */
export const errorAnswerSchema = z.object({
  code: errorCodeSchema,
  message: z.string().min(1),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorAnswer = z.infer<typeof errorAnswerSchema>;
