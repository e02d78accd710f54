// The conversation on a request (DESIGN.md decision 10: a staff message is a first response and stops the clock).
import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { clients, interventionMessages, interventions } from '../db/schema';
import { HttpError, notFound } from '../http-error';
import type { MailQueue } from './mail/outbox';
import { firstResponse } from './response-clock';
import { INTERVENTION_NOT_FOUND } from './admin-interventions';
import { THREAD_CLOSED, type Thread } from '../../shared/thread-api';


/** Who reads or writes: a client only ever reaches their own requests (another's id is 404, as if it did not exist). */
export type Reader = { side: 'client'; clientId: number } | { side: 'staff'; username: string };

async function findIntervention(db: Tx, id: number, reader: Reader, lock = false) {
  const where = reader.side === 'client'
    ? and(eq(interventions.id, id), eq(interventions.clientId, reader.clientId))
    : eq(interventions.id, id);
  const query = db.select().from(interventions).where(where);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(INTERVENTION_NOT_FOUND);
  return row;
}

const isOpen = (status: string) => status === 'pending' || status === 'in_progress';

export async function readThread(db: Tx, id: number, reader: Reader): Promise<Thread> {
  const row = await findIntervention(db, id, reader);
  const messages = await db.select().from(interventionMessages)
    .where(eq(interventionMessages.interventionId, id)).orderBy(asc(interventionMessages.id));
  const readByOther = reader.side === 'client' ? row.staffReadAt : row.clientReadAt;
  return {
    messages: messages.map((m) => ({
      id: m.id, author: m.author, body: m.body, createdAt: m.createdAt.toISOString(),
      // A client reads « Technicien », never a staff member's login.
      authorName: m.author === 'client' ? 'Client' : reader.side === 'staff' ? m.staffUsername ?? 'Équipe' : 'Technicien',
    })),
    readByOtherAt: readByOther?.toISOString() ?? null,
    open: isOpen(row.status),
  };
}

/** The reader has seen everything written so far. */
export async function markThreadRead(db: Tx, id: number, reader: Reader, now = new Date()) {
  await findIntervention(db, id, reader);
  await db.update(interventions).set(reader.side === 'client' ? { clientReadAt: now } : { staffReadAt: now })
    .where(eq(interventions.id, id));
}

/**
 * Adds a message and tells the other side by e-mail, in one transaction; the writer has read the thread up to it.
 * A staff message is a first response when none came before.
 */
export async function postMessage(db: Db, mail: MailQueue, id: number, reader: Reader, body: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const row = await findIntervention(tx, id, reader, true);
    if (!isOpen(row.status)) throw new HttpError(409, THREAD_CLOSED, 'THREAD_CLOSED');
    const [message] = await tx.insert(interventionMessages).values({
      interventionId: id, author: reader.side, staffUsername: reader.side === 'staff' ? reader.username : null, body, createdAt: now,
    }).returning();
    await tx.update(interventions).set(reader.side === 'client'
      ? { clientReadAt: now }
      : { staffReadAt: now, ...firstResponse(row, now) }).where(eq(interventions.id, id));
    const [client] = await tx.select({ name: clients.name, email: clients.email }).from(clients).where(eq(clients.id, row.clientId));
    const key = `intervention:${id}:message:${message!.id}`;
    if (client && reader.side === 'staff') {
      await mail.queue(tx, {
        key, kind: 'intervention_message', to: client.email, clientId: row.clientId,
        params: { interventionId: id, name: client.name, title: row.title, body },
      });
    } else if (client) {
      await mail.queueForStaff(tx, key, 'staff_intervention_message', {
        interventionId: id, clientName: client.name, clientEmail: client.email, title: row.title, body,
      });
    }
    return message!;
  });
}
