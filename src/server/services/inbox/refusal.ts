import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { clients, inboxItems } from '#server/db/schema.ts';
import { HttpError, notFound } from '#server/http-error.ts';
import type { InboxItemDto } from '#shared/inbox/inbox-api.ts';
import type { ErrorCode } from '#shared/error-codes.ts';
import { writeAudit, type Actor } from '#server/services/security/audit.ts';
import { INBOX_ITEM_NOT_FOUND, toInboxItemDto } from './inbox-items.ts';
import type { MailQueue } from '#server/services/mail/outbox.ts';
import { holdAccountOf } from '#server/services/clients/account-lock.ts';
import type { AuditAction } from '#shared/security/audit-labels.ts';

type Refusable = 'registration' | 'erasure';
type Request = typeof inboxItems.$inferSelect;

/** What differs between the two refusals: the wrong-kind answer, when a request counts as handled, the audit action. */
const RULES: Record<
  Refusable,
  { wrongKind: [ErrorCode, string]; handled(request: Request): boolean; action: AuditAction }
> = {
  registration: {
    wrongKind: ['NOT_REGISTRATION', 'Seule une demande d’inscription peut être refusée.'],
    handled: (request) => request.status !== 'pending',
    action: 'inbox.refuse',
  },
  erasure: {
    wrongKind: ['NOT_ERASURE', 'Seule une demande d’effacement peut être refusée ici.'],
    // Done means confirmed or refused: one closed by hand before this rule existed can still be answered.
    handled: (request) => request.erasedAt !== null || request.refusalReason !== null,
    action: 'inbox.refuse_erasure',
  },
};

/**
 * « Refuser » on a pending registration (any staff member) or an erasure request (an admin): the request is closed
 * with its reason, which the person receives by e-mail, queued in the same transaction (the refusal and its message
 * exist together or not at all), and the refusal is audited. Nothing of an account changes.
 */
export async function refuseInboxItem(
  db: Db,
  mail: MailQueue,
  kind: Refusable,
  id: number,
  reason: string,
  actor: Actor,
): Promise<InboxItemDto> {
  const rules = RULES[kind];
  return db.transaction(async (tx) => {
    await holdAccountOf(tx, inboxItems, id);
    const [request] = await tx.select().from(inboxItems).where(eq(inboxItems.id, id)).for('update');
    if (!request) throw notFound(INBOX_ITEM_NOT_FOUND);
    if (request.kind !== kind) throw new HttpError(...rules.wrongKind);
    if (rules.handled(request)) throw new HttpError('ALREADY_DONE', 'Cette demande a déjà été traitée.');
    // The account's address today when there is one: the person may have changed it since asking.
    const [client] =
      request.clientId === null
        ? []
        : await tx
            .select({ name: clients.name, email: clients.email })
            .from(clients)
            .where(eq(clients.id, request.clientId));
    const [updated] = await tx
      .update(inboxItems)
      .set({ status: 'closed', refusalReason: reason })
      .where(eq(inboxItems.id, id))
      .returning();
    await writeAudit(tx, actor, {
      action: rules.action,
      entity: 'inbox_item',
      entityId: id,
      before: { status: request.status },
      after: { status: 'closed', refusalReason: reason },
    });
    await mail.queue(tx, {
      key: `${kind}-refused:${id}`,
      kind: `${kind}_refused`,
      to: client?.email ?? request.email,
      clientId: request.clientId,
      params: { name: client?.name ?? request.name, reason },
    });
    return toInboxItemDto(updated!);
  });
}
