// Each client's files take room in the database (and in every backup): a quota per client, counted in SQL.
import type { FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { interventionAttachments, interventionMessages, interventions } from '#server/db/schema.ts';
import { HttpError } from '#server/http-error.ts';
import { attachmentQuotaMessage, TEXT_BODY_MAX } from '#shared/interventions/thread-api.ts';
import { holdOwnAccount } from '#server/services/clients/account-lock.ts';

/** The bytes of the files this client sent (staff's files on their requests are not theirs to count). */
async function attachmentBytesOf(db: Tx, clientId: number): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<string>`coalesce(sum(${interventionAttachments.size}), 0)` })
    .from(interventionAttachments)
    .innerJoin(interventionMessages, eq(interventionMessages.id, interventionAttachments.messageId))
    .innerJoin(interventions, eq(interventions.id, interventionMessages.interventionId))
    .where(and(eq(interventions.clientId, clientId), eq(interventionMessages.author, 'client')));
  return Number(row?.bytes ?? 0);
}

const overQuota = (used: number, quotaBytes: number) =>
  new HttpError('ATTACHMENT_QUOTA', attachmentQuotaMessage(used, quotaBytes), {
    attachment: [attachmentQuotaMessage(used, quotaBytes)],
  });

/**
 * In the transaction that stores the file: the client's row is locked first, so two posts at once are counted one
 * after the other and cannot both slip under the quota.
 */
export async function reserveAttachmentRoom(tx: Tx, clientId: number, bytes: number, quotaBytes: number) {
  await holdOwnAccount(tx, clientId, 'update');
  const used = await attachmentBytesOf(tx, clientId);
  if (used + bytes > quotaBytes) throw overQuota(used, quotaBytes);
}

/**
 * Before the body is read: a Content-Length past what text alone can weigh carries a file of at least
 * (length − TEXT_BODY_MAX) × 3/4 bytes (base64); if even that does not fit, the body is refused unread.
 * It never refuses a post that the check above would take. Without a length, that check decides after parsing.
 */
export function quotaBeforeBody(db: Tx, quotaBytes: number, clientId: (request: FastifyRequest) => number) {
  return async (request: FastifyRequest) => {
    const declared = Number(request.headers['content-length']);
    // A body over the route's limit gets that limit's own 413 (« dépasse 5 Mo »), which says more.
    if (!Number.isFinite(declared) || declared <= TEXT_BODY_MAX || declared > request.routeOptions.bodyLimit) return;
    const smallestFile = Math.floor(((declared - TEXT_BODY_MAX) * 3) / 4);
    const used = await attachmentBytesOf(db, clientId(request));
    if (used + smallestFile > quotaBytes) throw overQuota(used, quotaBytes);
  };
}
