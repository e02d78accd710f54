// An admin anonymises an account past its retention period, from « Utilisateurs » › « Conservation dépassée ».
import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { clients, inboxItems } from '#server/db/schema.ts';
import { HttpError } from '#server/http-error.ts';
import type { InboxItemDto } from '#shared/inbox/inbox-api.ts';
import { durationLabel, RETENTION } from '#shared/privacy/retention-periods.ts';
import { formatDate } from '#shared/format.ts';
import type { Actor } from '#server/services/security/audit.ts';
import type { MailQueue } from '#server/services/mail/outbox.ts';
import { listExpiredAccounts } from './retention-accounts.ts';
import { eraseLockedClient } from './erasure.ts';
import { isErasedEmail } from '#shared/clients/erased-account.ts';

const PERIOD = durationLabel(RETENTION.account);

/**
 * The same erasure as a confirmed request (erasure.ts), in one transaction with the checks the privacy page promises:
 * the account is past its period at `now` (the list's own rule, read again under the account's lock) and no assistance
 * request of it is open. The erasure is recorded as an erasure request closed at once, so « Messages » and the journal
 * keep its trace like any other; the person, who asked nothing, gets no « comme vous l’avez demandé » e-mail.
 */
export async function eraseExpiredAccount(
  db: Db,
  mail: MailQueue,
  clientId: number,
  actor: Actor,
  now: Date,
): Promise<InboxItemDto> {
  return db.transaction(async (tx) => {
    const [client] = await tx.select().from(clients).where(eq(clients.id, clientId)).for('update');
    if (!client) throw new HttpError('NOT_FOUND', 'Ce compte client n’existe pas.');
    if (isErasedEmail(client.email))
      throw new HttpError('ALREADY_DONE', 'Les données de ce client ont déjà été effacées.');
    const [account] = (await listExpiredAccounts(tx, { clientId, limit: 1, offset: 0 }, now)).items;
    if (!account?.retention)
      throw new HttpError(
        'RETENTION_RUNNING',
        `Ce compte est encore dans sa durée de conservation (${PERIOD}) : il ne peut pas encore être anonymisé.`,
      );
    if (account.retention.openRequests > 0)
      throw new HttpError(
        'REQUEST_OPEN',
        'Une demande d’assistance de ce client est en cours : clôturez-la avant d’effacer ses données.',
      );
    const [request] = await tx
      .insert(inboxItems)
      .values({
        kind: 'erasure',
        name: client.name,
        email: client.email,
        clientId,
        subject: 'Fin de la durée de conservation du compte',
        message:
          `Le compte client n° ${clientId} a dépassé sa durée de conservation (${PERIOD} après ` +
          `${account.retention.from === 'subscription' ? 'la fin de son dernier abonnement' : 'sa création, sans abonnement'}, ` +
          `le ${formatDate(account.retention.since)}) : notre équipe l’a rendu anonyme. ` +
          'Ses factures restent conservées 10 ans (obligation comptable).',
      })
      .returning({ id: inboxItems.id });
    return eraseLockedClient(tx, mail, actor, { requestId: request!.id, client, now, why: 'retention' });
  });
}
