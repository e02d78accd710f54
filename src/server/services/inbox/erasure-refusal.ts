import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clients, requests } from '../../db/schema';
import { HttpError, notFound } from '../../http-error';
import type { RequestDto } from '../../../shared/admin-api';
import { writeAudit, type Actor } from '../security/audit';
import { REQUEST_NOT_FOUND, toRequestDto } from './contacts';
import type { MailQueue } from '../mail/outbox';

/**
 * « Refuser » on an erasure request (an admin, routes/admin/erasure.ts): the request is closed with its reason, which the
 * person receives by e-mail (queued in the same transaction), and the refusal is audited. Nothing of the account changes.
 */
export async function refuseErasure(db: Db, mail: MailQueue, id: number, reason: string, actor: Actor): Promise<RequestDto> {
  return db.transaction(async (tx) => {
    const [request] = await tx.select().from(requests).where(eq(requests.id, id)).for('update');
    if (!request) throw notFound(REQUEST_NOT_FOUND);
    if (request.kind !== 'erasure') throw new HttpError(400, 'Seule une demande d’effacement peut être refusée ici.', 'NOT_ERASURE');
    // Done means confirmed or refused: one closed by hand before this rule existed can still be answered.
    if (request.erasedAt || request.refusalReason) throw new HttpError(409, 'Cette demande a déjà été traitée.', 'ALREADY_DONE');
    // The account's address today: the person may have changed it since asking.
    const [client] = request.clientId === null ? [] : await tx.select({ name: clients.name, email: clients.email })
      .from(clients).where(eq(clients.id, request.clientId));
    const [updated] = await tx.update(requests).set({ status: 'closed', refusalReason: reason }).where(eq(requests.id, id)).returning();
    await writeAudit(tx, actor, {
      action: 'request.refuse_erasure', entity: 'request', entityId: id,
      before: { status: request.status }, after: { status: 'closed', refusalReason: reason },
    });
    await mail.queue(tx, {
      key: `erasure-refused:${id}`, kind: 'erasure_refused', to: client?.email ?? request.email, clientId: request.clientId,
      params: { name: client?.name ?? request.name, reason },
    });
    return toRequestDto(updated!);
  });
}
