// « Mes données »: the erasure request a client sends.

/**
 * GET /api/client/data: everything held about the client, as a zip download (« Mes données »): data.json and the
 * client's files (proofs, attachments of their requests) under fichiers/.
 * POST /api/client/erasure-request → 202 { requestedAt }: staff confirm it in « Messages »; the person is then
 * anonymised, invoices are kept 10 years (privacy policy).
 */
import { z } from '#shared/common/zod.ts';
import { isoInstant } from '#shared/common/fields.ts';

export const erasureRequestResultSchema = z.object({ requestedAt: isoInstant });
/** GET /api/client/erasure-request: the pending request's date, or null (none, or already handled by staff). */
export const erasureRequestStatusSchema = z.object({ requestedAt: isoInstant.nullable() });
