import { z } from './common/zod.ts';

/**
 * Every code an error answer of ours carries, beside its French message (docs/decisions/016). The browser decides by
 * the code (which form field, whether a link is dead, whether to reload a list), never by the message's text, so a
 * reworded message changes nothing but what people read.
 */
const ERROR_CODES = [
  // The request itself
  'VALIDATION',
  'INVALID_REQUEST',
  'INVALID_JSON',
  'EMPTY_BODY',
  'INVALID_LENGTH',
  'BODY_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'BAD_URL',
  'URL_TOO_LONG',
  'NOT_FOUND',
  'FORBIDDEN_ORIGIN',
  'RATE_LIMITED',
  'DATABASE_UNAVAILABLE',
  'SERVER_ERROR',
  // Sessions and roles
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'ROLE_FORBIDDEN',
  'LOCKED',
  'ACCOUNT_DISABLED',
  'DISABLED',
  'LAST_ADMIN',
  // Signing in, passwords, second factor
  'BAD_CREDENTIALS',
  'BAD_PASSWORD',
  'BAD_CURRENT_PASSWORD',
  'SAME_PASSWORD',
  'WEAK_PASSWORD',
  'THROTTLED',
  'BAD_CODE',
  'CHALLENGE_EXPIRED',
  'TWO_FACTOR_REQUIRED',
  'NO_ENROLMENT',
  'SECRET_GONE',
  'LINK_INVALID',
  'LINK_EXPIRED',
  'RESET_LINK_INVALID',
  'USERNAME_TAKEN',
  'NO_ACCOUNT',
  'NO_EMAIL',
  'CAPTCHA',
  // Orders, invoices, credit notes
  'IDEMPOTENCY_MISMATCH',
  'REQUEST_PENDING',
  'INVOICED',
  'NO_INVOICE',
  'ALREADY_CREDITED',
  // Online payment
  'NOT_PAYABLE',
  'PROVIDER_UNAVAILABLE',
  'BAD_SIGNATURE',
  'NOT_REFUNDABLE',
  // Registrations, contact messages, erasure requests
  'NOT_REGISTRATION',
  'NOT_ERASURE',
  'ERASURE_NO_STATUS',
  'ERASURE_ADMIN_ONLY',
  'ALREADY_EXISTS',
  'ALREADY_DONE',
  // Interventions and their threads
  'NO_SUBSCRIPTION',
  'MONTHLY_LIMIT',
  'BAD_TRANSITION',
  'ALREADY_CLOSED',
  'THREAD_CLOSED',
  'RATING_NOT_YET',
  'ATTACHMENT_TYPE',
  'ATTACHMENT_TOO_BIG',
  'ATTACHMENT_QUOTA',
  // Devices and their proofs of ownership
  'DEVICE_LIMIT',
  'DEVICE_BLOCKED',
  'DEVICE_NOT_IN_USE',
  'DEVICE_NOT_COVERED',
  'DEVICE_DECIDED',
  'UPLOAD_HEADER',
  'ASSIGN_FORBIDDEN',
  'ASSIGNEE_INVALID',
  // E-mail, backup
  'NOT_FAILED',
  'BACKUP_RUNNING',
  'BACKUP_FAILED',
] as const;

const errorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/** Every error answer: `{ code, message, fieldErrors? }` (docs/decisions/016). */
export const errorAnswerSchema = z.object({
  code: errorCodeSchema,
  message: z.string().min(1),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorAnswer = z.infer<typeof errorAnswerSchema>;
