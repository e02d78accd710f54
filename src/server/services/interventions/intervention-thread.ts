// The conversation on a request (docs/decisions/035: a staff message is a first response and stops the clock).
import { publishLive } from '#server/services/live/events.ts';
import { holdAccountOf, holdOwnAccount } from '#server/services/clients/account-lock.ts';
import { and, asc, eq, gt, inArray, isNull, lt, lte, max, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import { clients, interventionAttachments, interventionMessages, interventions } from '#server/db/schema.ts';
import { HttpError, notFound } from '#server/http-error.ts';
import type { MailQueue } from '#server/services/mail/outbox.ts';
import { firstResponse } from './response-clock.ts';
import { INTERVENTION_NOT_FOUND } from './admin-interventions.ts';
import { sniffFileType } from './file-type.ts';
import { reserveAttachmentRoom } from './attachment-quota.ts';
import {
  ATTACHMENT_BAD_TYPE,
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TOO_BIG,
  THREAD_CLOSED,
  THREAD_CLOSED_FOR_STAFF,
  type Thread,
} from '#shared/interventions/thread-api.ts';

/**
 * Who reads or writes: a client only ever reaches their own requests (another's id is 404, as if it did not exist). A
 * member's id marks their own read as theirs in its live event (no news to themselves).
 */
export type Reader = { side: 'client'; clientId: number } | { side: 'staff'; username: string; staffId: number };

async function findIntervention(db: Tx, id: number, reader: Reader, lock = false) {
  const where =
    reader.side === 'client'
      ? and(eq(interventions.id, id), eq(interventions.clientId, reader.clientId))
      : eq(interventions.id, id);
  const query = db.select().from(interventions).where(where);
  if (lock && reader.side === 'client') await holdOwnAccount(db, reader.clientId);
  else if (lock) await holdAccountOf(db, interventions, id);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(INTERVENTION_NOT_FOUND);
  return row;
}

const isOpen = (status: string) => status === 'pending' || status === 'in_progress';

export async function readThread(db: Tx, id: number, reader: Reader): Promise<Thread> {
  const row = await findIntervention(db, id, reader);
  const messages = await db
    .select()
    .from(interventionMessages)
    .where(eq(interventionMessages.interventionId, id))
    .orderBy(asc(interventionMessages.id));
  const files = messages.length
    ? await db
        .select({
          id: interventionAttachments.id,
          messageId: interventionAttachments.messageId,
          name: interventionAttachments.name,
          mimeType: interventionAttachments.mimeType,
          size: interventionAttachments.size,
        })
        .from(interventionAttachments)
        .where(
          inArray(
            interventionAttachments.messageId,
            messages.map((m) => m.id),
          ),
        )
    : [];
  const readByOther = reader.side === 'client' ? row.staffReadAt : row.clientReadAt;
  return {
    messages: messages.map((m) => ({
      id: m.id,
      author: m.author,
      body: m.body,
      notice: m.notice,
      createdAt: m.createdAt.toISOString(),
      attachments: files.filter((f) => f.messageId === m.id).map(({ messageId: _, ...f }) => f),
      // A client reads « Technicien », never a staff member's login.
      authorName:
        m.author === 'client' ? 'Client' : reader.side === 'staff' ? (m.staffUsername ?? 'Équipe') : 'Technicien',
    })),
    readByOtherAt: readByOther?.toISOString() ?? null,
    open: isOpen(row.status),
  };
}

/**
 * The reader has seen the thread up to message `upTo` (without it: up to its newest message): the mark goes to that
 * message's time, never back. A message of another thread is not found, as the thread of another client's request.
 *
 * When the mark passes a message of the other side, that side's open pages hear it (`intervention.read`): the writer
 * sees « Lu » under their message, and a member's colleagues see the request's « Nouveau message du client » go,
 * without reloading. The mark is the team's, one for all its members: a message is answered by whoever reads it first.
 * A read that passes nothing new tells nobody, so calling again and again writes nothing.
 */
export async function markThreadRead(db: Db, id: number, reader: Reader, upTo?: number) {
  await db.transaction(async (tx) => {
    const row = await findIntervention(tx, id, reader);
    // The latest time up to that message: one with a smaller number may carry a later time (two members writing at
    // once each take the time before waiting for the request), and it was on screen too.
    const [shown] = await tx
      .select({
        found: sql<boolean>`bool_or(${interventionMessages.id} = ${upTo ?? null})`,
        latest: max(interventionMessages.createdAt),
      })
      .from(interventionMessages)
      .where(
        and(
          eq(interventionMessages.interventionId, id),
          upTo === undefined ? undefined : lte(interventionMessages.id, upTo),
        ),
      );
    if (upTo !== undefined && !shown?.found) throw notFound(MESSAGE_NOT_FOUND);
    const seen = shown?.latest;
    if (!seen) return;
    // Forward only, in one statement: of two reads at once, the second finds the mark moved and tells nobody again.
    const column = reader.side === 'client' ? interventions.clientReadAt : interventions.staffReadAt;
    const previous = reader.side === 'client' ? row.clientReadAt : row.staffReadAt;
    const moved = await tx
      .update(interventions)
      .set(reader.side === 'client' ? { clientReadAt: seen } : { staffReadAt: seen })
      .where(and(eq(interventions.id, id), or(isNull(column), lt(column, seen))))
      .returning({ id: interventions.id });
    if (!moved.length) return;
    const [passed] = await tx
      .select({ id: interventionMessages.id })
      .from(interventionMessages)
      .where(
        and(
          eq(interventionMessages.interventionId, id),
          eq(interventionMessages.author, reader.side === 'client' ? 'staff' : 'client'),
          eq(interventionMessages.notice, false),
          lte(interventionMessages.createdAt, seen),
          previous ? gt(interventionMessages.createdAt, previous) : undefined,
        ),
      )
      .limit(1);
    if (!passed) return;
    await publishLive(
      tx,
      'intervention.read',
      { interventionId: id, clientId: row.clientId },
      reader.side === 'client'
        ? { staff: `Le client a lu les messages de la demande #${id}` }
        : {
            staff: `${reader.username} a lu les messages de la demande #${id}`,
            client: `L’équipe a lu vos messages sur la demande #${id}`,
            actorStaffId: reader.staffId,
          },
    );
  });
}

const MESSAGE_NOT_FOUND = 'Message introuvable dans cette conversation.';

/**
 * Adds a message and tells the other side by e-mail, in one transaction; the writer has read the thread up to it.
 * A staff message is a first response when none came before.
 */
export type NewMessage = { body: string; attachment?: { name: string; data: string } };

/** The bytes of a file sent in base64, checked for size (413) and, by content, for type (415), in French. */
function decodeAttachment(file: { name: string; data: string }) {
  const data = Buffer.from(file.data, 'base64');
  if (data.length > ATTACHMENT_MAX_BYTES)
    throw new HttpError('ATTACHMENT_TOO_BIG', ATTACHMENT_TOO_BIG, { attachment: [ATTACHMENT_TOO_BIG] });
  const mimeType = sniffFileType(data);
  if (!mimeType) throw new HttpError('ATTACHMENT_TYPE', ATTACHMENT_BAD_TYPE, { attachment: [ATTACHMENT_BAD_TYPE] });
  return { name: file.name, mimeType, size: data.length, data };
}

/** One file of a thread the reader may open (a file of another client's request: 404, as if it did not exist). */
export async function readAttachment(db: Tx, attachmentId: number, reader: Reader) {
  const [file] = await db
    .select({
      name: interventionAttachments.name,
      mimeType: interventionAttachments.mimeType,
      data: interventionAttachments.data,
    })
    .from(interventionAttachments)
    .innerJoin(interventionMessages, eq(interventionMessages.id, interventionAttachments.messageId))
    .innerJoin(interventions, eq(interventions.id, interventionMessages.interventionId))
    .where(
      and(
        eq(interventionAttachments.id, attachmentId),
        reader.side === 'client' ? eq(interventions.clientId, reader.clientId) : undefined,
      ),
    );
  if (!file) throw notFound('Fichier introuvable');
  return file;
}

/**
 * Who writes: a client's files count against their room (ATTACHMENT_QUOTA_MB in bytes, attachment-quota.ts); staff
 * files count against nobody's.
 */
export type Author = (Reader & { side: 'staff' }) | (Reader & { side: 'client'; attachmentQuotaBytes: number });

export async function postMessage(
  db: Db,
  mail: MailQueue,
  id: number,
  reader: Author,
  input: NewMessage,
  now = new Date(),
) {
  const file = input.attachment ? decodeAttachment(input.attachment) : null;
  const body = input.body;
  return db.transaction(async (tx) => {
    // The client's row first (then the request's), the order every writer of both follows.
    if (file && reader.side === 'client')
      await reserveAttachmentRoom(tx, reader.clientId, file.size, reader.attachmentQuotaBytes);
    const row = await findIntervention(tx, id, reader, true);
    if (!isOpen(row.status))
      throw new HttpError('THREAD_CLOSED', reader.side === 'staff' ? THREAD_CLOSED_FOR_STAFF : THREAD_CLOSED);
    const [message] = await tx
      .insert(interventionMessages)
      .values({
        interventionId: id,
        author: reader.side,
        staffUsername: reader.side === 'staff' ? reader.username : null,
        body,
        createdAt: now,
      })
      .returning();
    if (file) await tx.insert(interventionAttachments).values({ messageId: message!.id, ...file, createdAt: now });
    await tx
      .update(interventions)
      .set(reader.side === 'client' ? { clientReadAt: now } : { staffReadAt: now, ...firstResponse(row, now) })
      .where(eq(interventions.id, id));
    const [client] = await tx
      .select({ name: clients.name, email: clients.email })
      .from(clients)
      .where(eq(clients.id, row.clientId));
    const key = `intervention:${id}:message:${message!.id}`;
    await publishLive(
      tx,
      reader.side === 'client' ? 'intervention.message' : 'intervention.reply',
      { interventionId: id, clientId: row.clientId },
      reader.side === 'client'
        ? { staff: `Nouveau message de ${client?.name ?? 'un client'} (demande #${id})` }
        : {
            staff: `Réponse envoyée sur la demande #${id}`,
            client: `Nouveau message de l’équipe sur votre demande #${id}`,
          },
    );
    if (client && reader.side === 'staff') {
      await mail.queue(tx, {
        key,
        kind: 'intervention_message',
        to: client.email,
        clientId: row.clientId,
        params: { interventionId: id, name: client.name, title: row.title, body },
      });
    } else if (client) {
      await mail.queueForStaff(
        tx,
        key,
        'staff_intervention_message',
        {
          interventionId: id,
          clientName: client.name,
          clientEmail: client.email,
          title: row.title,
          body,
        },
        row.clientId,
      );
    }
    return message!;
  });
}
