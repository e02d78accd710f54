import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { requests } from '../../db/schema';
import { HttpError, notFound } from '../../http-error';
import type { RequestDto } from '../../../shared/admin-api';
import { writeAudit, type Actor } from '../security/audit';
import { REQUEST_NOT_FOUND, toRequestDto } from './contacts';
import type { MailQueue } from '../mail/outbox';

/**
 * « Refuser »: a pending registration is closed with a short reason, which the person receives by e-mail (queued in
 * the same transaction: the refusal and its message exist together or not at all). Audited.
 */
export async function refuseRegistration(db: Db, mail: MailQueue, id: number, reason: string, actor: Actor): Promise<RequestDto> {
  return db.transaction(async (tx) => {
    const [request] = await tx.select().from(requests).where(eq(requests.id, id)).for('update');
    if (!request) throw notFound(REQUEST_NOT_FOUND);
    if (request.kind !== 'registration') throw new HttpError(400, 'Seule une demande d’inscription peut être refusée.', 'NOT_REGISTRATION');
    if (request.status !== 'pending') throw new HttpError(409, 'Cette demande a déjà été traitée.', 'ALREADY_DONE');
    const [updated] = await tx.update(requests).set({ status: 'closed', refusalReason: reason }).where(eq(requests.id, id)).returning();
    await writeAudit(tx, actor, {
      action: 'request.refuse', entity: 'request', entityId: id, before: { status: request.status }, after: { status: 'closed', refusalReason: reason },
    });
    await mail.queue(tx, {
      key: `registration-refused:${id}`, kind: 'registration_refused', to: request.email, params: { name: request.name, reason },
    });
    return toRequestDto(updated!);
  });
}
