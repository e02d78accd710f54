// The right to erasure: a client asks from « Mes données », staff confirm from « Messages », the person is anonymised.
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import {
  auditLog,
  devices,
  clientSessions,
  clients,
  interventionMessages,
  interventionRatings,
  interventions,
  liveSignals,
  orders,
  passwordResetTokens,
  inboxItems,
} from '#server/db/schema.ts';
import { HttpError } from '#server/http-error.ts';
import { CLIENT_UNAUTHORIZED } from '#shared/clients/client-api.ts';
import type { InboxItemDto } from '#shared/inbox/inbox-api.ts';
import { writeAudit, type Actor } from '#server/services/security/audit.ts';
import { DEFAULT_TITLE } from '#server/services/interventions/client-interventions.ts';
import { cancelRequestsOfErasedClient } from '#server/services/interventions/erased-client-requests.ts';
import { INBOX_ITEM_NOT_FOUND, toInboxItemDto } from '#server/services/inbox/inbox-items.ts';
import { auditAbout, ordersOf, inboxItemsOf } from './client-data.ts';
import { eraseDevicesOf } from '#server/services/devices/client-devices.ts';
import { anonymiseOutboxOf, type MailQueue } from '#server/services/mail/outbox.ts';
import { publishInboxLive } from '#server/services/live/staff-notices.ts';
import { forgetLiveEventsOf } from '#server/services/live/events.ts';
import { endSharesOfErasedClient } from '#server/services/remote/screen-shares.ts';
import { accountNotErased } from '#server/services/clients/account-lock.ts';
import { erasedEmail, isErasedEmail } from '#shared/clients/erased-account.ts';

const ERASED_NAME = 'Client supprimé';
const ERASED_FIRST_NAME = 'Client';
const ERASED_LAST_NAME = 'supprimé';

/**
 * The fields of an audit entry that name the person or hold what they or staff wrote about them. The order keeps its
 * billed identity and its invoice is frozen apart (invoices.data): the history needs no copy of either.
 */
const PERSONAL_AUDIT_FIELDS = [
  'notes',
  'username',
  'staffNotes',
  'clientName',
  'clientEmail',
  'clientPhone',
  'name',
  'firstName',
  'lastName',
  'email',
  'phone',
  'title',
  'description',
  'deviceInfo',
  'remoteId',
  'subject',
  'message',
  'comment',
  // staff's words on a device or a registration refused: a proof refused for the name on it, a reason given
  'reason',
  'refusalReason',
];

const personalAuditFields = sql`array[${sql.join(
  PERSONAL_AUDIT_FIELDS.map((f) => sql`${f}`),
  sql`, `,
)}]::text[]`;

const pendingErasureOf = (clientId: number) =>
  and(eq(inboxItems.clientId, clientId), eq(inboxItems.kind, 'erasure'), eq(inboxItems.status, 'pending'));

/** The pending erasure request of the client, if any. */
export async function pendingErasure(db: Tx, clientId: number): Promise<{ requestedAt: string } | null> {
  const [row] = await db
    .select({ createdAt: inboxItems.createdAt })
    .from(inboxItems)
    .where(pendingErasureOf(clientId))
    .orderBy(desc(inboxItems.createdAt))
    .limit(1);
  return row ? { requestedAt: row.createdAt.toISOString() } : null;
}

/**
 * Records the client's request in « Messages ». Asking again while one waits answers the first one's date: the
 * client row is locked so two clicks at once make one request.
 */
export async function requestErasure(db: Db, clientId: number): Promise<{ requestedAt: string; created: boolean }> {
  return db.transaction(async (tx) => {
    const [client] = await tx
      .select({ id: clients.id, name: clients.name, email: clients.email })
      .from(clients)
      .where(and(eq(clients.id, clientId), accountNotErased))
      .for('update');
    if (!client) throw new HttpError('UNAUTHENTICATED', CLIENT_UNAUTHORIZED);
    const existing = await pendingErasure(tx, clientId);
    if (existing) return { ...existing, created: false };
    const [row] = await tx
      .insert(inboxItems)
      .values({
        kind: 'erasure',
        name: client.name,
        email: client.email,
        clientId,
        subject: 'Demande d’effacement des données',
        message:
          `Le client n° ${clientId} demande l’effacement de son compte et de ses données personnelles. ` +
          'Ses factures restent conservées 10 ans (obligation comptable).',
      })
      .returning({ id: inboxItems.id, createdAt: inboxItems.createdAt });
    await publishInboxLive(tx, 'inbox.erasure', { id: row!.id, name: client.name, clientId });
    return { requestedAt: row!.createdAt.toISOString(), created: true };
  });
}

type ClientRow = typeof clients.$inferSelect;

/** Who an erasure reaches beyond the account: its orders, interventions and inbox items. */
type Concerned = { orderIds: number[]; interventionIds: number[]; requestIds: number[]; deviceIds: number[] };

/**
 * The erasure request and its account, locked, or the reason it cannot be confirmed. The account first, then the
 * request: the order every change to a client's rows follows (docs/decisions/045), refusing this request included.
 */
async function lockRequestAndClient(tx: Tx, requestId: number) {
  const [account] = await tx
    .select({ client: clients })
    .from(clients)
    .innerJoin(inboxItems, eq(inboxItems.clientId, clients.id))
    .where(eq(inboxItems.id, requestId))
    .for('update', { of: clients });
  const [request] = await tx.select().from(inboxItems).where(eq(inboxItems.id, requestId)).for('update');
  if (!request) throw new HttpError('NOT_FOUND', INBOX_ITEM_NOT_FOUND);
  if (request.kind !== 'erasure')
    throw new HttpError('NOT_ERASURE', 'Seule une demande d’effacement peut être confirmée.');
  if (request.erasedAt) throw new HttpError('ALREADY_DONE', 'Les données de ce client ont déjà été effacées.');
  if (request.refusalReason)
    throw new HttpError('ALREADY_DONE', 'Cette demande a été refusée : le client peut en faire une nouvelle.');
  if (request.clientId === null || account?.client.id !== request.clientId)
    throw new HttpError('NO_ACCOUNT', 'Le compte client de cette demande n’existe plus.');
  // A request made while an earlier one was being confirmed: the account is already erased.
  if (isErasedEmail(account.client.email))
    throw new HttpError('ALREADY_DONE', 'Les données de ce client ont déjà été effacées.');
  return account.client;
}

/** Read before anything is renamed: the e-mail is how older orders and requests are found. */
async function concernedBy(tx: Tx, client: ClientRow): Promise<Concerned> {
  // One query at a time: a transaction's one connection takes no other.
  const idsOf = (rows: { id: number }[]) => rows.map((r) => r.id);
  return {
    orderIds: idsOf(await tx.select({ id: orders.id }).from(orders).where(ordersOf(client))),
    interventionIds: idsOf(
      await tx.select({ id: interventions.id }).from(interventions).where(eq(interventions.clientId, client.id)),
    ),
    requestIds: idsOf(await tx.select({ id: inboxItems.id }).from(inboxItems).where(inboxItemsOf(client))),
    deviceIds: idsOf(await tx.select({ id: devices.id }).from(devices).where(eq(devices.clientId, client.id))),
  };
}

/**
 * The free text of their orders and interventions; the rows stay for the books and the counts. Orders their e-mail
 * placed before the account existed become the account's, so that nothing more is sent to that address about them
 * (the renewal reminders read the account, now erased). Unlike a validated registration's (attachEarlierOrders),
 * their periods are not chained again: the books keep them as they were.
 */
async function blankOrdersAndInterventions(tx: Tx, clientId: number, ids: Concerned, now: Date) {
  if (ids.orderIds.length) {
    await tx
      .update(orders)
      .set({ clientId, notes: '', username: null, updatedAt: now })
      .where(inArray(orders.id, ids.orderIds));
  }
  await tx
    .update(interventions)
    .set({ title: DEFAULT_TITLE, description: '', deviceInfo: '', staffNotes: '', remoteId: null, updatedAt: now })
    .where(eq(interventions.clientId, clientId));
  // Their ratings keep the stars (the monthly averages) and lose the words; the threads go whole, their files with
  // them (kept in the database, deleted by the cascade: nothing on disk to remove after the commit).
  if (ids.interventionIds.length) {
    await tx.delete(interventionMessages).where(inArray(interventionMessages.interventionId, ids.interventionIds));
    await tx
      .update(interventionRatings)
      .set({ comment: '' })
      .where(inArray(interventionRatings.interventionId, ids.interventionIds));
  }
}

/** Their registration, contact and erasure requests lose who sent them and what they wrote. */
async function blankInboxItems(tx: Tx, requestIds: number[], placeholder: string) {
  if (!requestIds.length) return;
  await tx
    .update(inboxItems)
    .set({
      name: ERASED_NAME,
      email: placeholder,
      firstName: null,
      lastName: null,
      phone: null,
      subject: sql`case when ${inboxItems.kind} = 'erasure' then ${inboxItems.subject} else '' end`,
      // The erasure request's own text names no one (see requestErasure); the others are what the person wrote.
      message: sql`case when ${inboxItems.kind} = 'erasure' then ${inboxItems.message} else '' end`,
      captchaAnswer: null,
      deviceInfo: null,
    })
    .where(inArray(inboxItems.id, requestIds));
}

/** The personal fields of the audit history of their orders, interventions, requests and devices. */
async function blankAuditHistory(tx: Tx, ids: Concerned) {
  const history = auditAbout({
    orders: ids.orderIds,
    interventions: ids.interventionIds,
    inboxItems: ids.requestIds,
    devices: ids.deviceIds,
  });
  if (!history) return;
  // The audit log refuses every UPDATE (drizzle/0014 trigger) but this one: personal fields leaving its history,
  // allowed by this transaction-local setting, which ends with the transaction.
  await tx.execute(sql`select set_config('rfs.audit_erasure', 'on', true)`);
  await tx
    .update(auditLog)
    .set({
      before: sql`${auditLog.before} - ${personalAuditFields}`,
      after: sql`${auditLog.after} - ${personalAuditFields}`,
    })
    .where(history);
}

/** The account itself, so nobody can sign in again, and what hangs from it: sessions, devices, live traces, links. */
async function blankAccount(tx: Tx, clientId: number, requestIds: number[], placeholder: string) {
  await tx
    .update(clients)
    .set({
      name: ERASED_NAME,
      firstName: ERASED_FIRST_NAME,
      lastName: ERASED_LAST_NAME,
      email: placeholder,
      phone: '',
      username: null,
      passwordHash: null,
    })
    .where(eq(clients.id, clientId));
  await tx.delete(clientSessions).where(eq(clientSessions.clientId, clientId));
  await eraseDevicesOf(tx, clientId);
  await forgetLiveEventsOf(tx, { clientId, inboxItemIds: requestIds });
  await tx.delete(liveSignals).where(eq(liveSignals.toClientId, clientId));
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.clientId, clientId));
}

/** The trace of the erasure, their queued e-mails blanked, and the last message to them. */
async function recordErasure(
  tx: Tx,
  mail: MailQueue,
  actor: Actor,
  erased: {
    requestId: number;
    client: ClientRow;
    ids: Concerned;
    cancelled: number;
    placeholder: string;
    why: ErasureReason;
  },
) {
  const { requestId, client, ids, cancelled, placeholder, why } = erased;
  // The trace names nobody: it says what was done, not to whom beyond the account number.
  await writeAudit(tx, actor, {
    action: 'client.erase',
    entity: 'client',
    entityId: client.id,
    after: {
      requestId,
      ...(why === 'retention' && { reason: 'retention' }),
      ordersKept: ids.orderIds.length,
      interventions: ids.interventionIds.length,
      interventionsCancelled: cancelled,
      requests: ids.requestIds.length,
    },
  });
  // Their e-mails too, and staff's about them: those about their account, requests and devices carry its id; those
  // about a registration or a message they sent before having one are found by the request. Then the last message to
  // them, queued here so it cannot be lost, keeps their address only until it is sent (services/mail/delivery.ts).
  await anonymiseOutboxOf(tx, {
    clientId: client.id,
    email: client.email,
    placeholder,
    interventionIds: ids.interventionIds,
    keys: ids.requestIds.flatMap((id) => [`staff-registration:${id}`, `staff-contact:${id}`]),
  });
  // « Comme vous l’avez demandé »: only the person who asked is told; an account past its period goes quietly.
  if (why !== 'request') return;
  await mail.queue(tx, {
    key: `erasure-done:${requestId}`,
    kind: 'erasure_done',
    to: client.email,
    params: { name: client.name },
  });
}

/**
 * Staff confirm an erasure request: in one transaction the person is anonymised and the request closed.
 *
 * What goes: on the account, the names, e-mail (→ a unique placeholder), phone, username, password and its hint, so
 * nobody can sign in again; every session and reset link; the free text of interventions (title, description,
 * device, remote ID, staff notes, the comment of their rating: the rows stay, with status, duration and stars, for the
 * counts); the threads of their requests and the files in them; their devices' descriptions and proofs; the person's
 * registration, contact and erasure requests (names, e-mail, phone, messages); staff notes and username on orders,
 * and every field naming them or written about them in the audit history of their orders, interventions and
 * requests; the day's live events about them (their sentences name the person) and signals on their way to them.
 * Their requests still open are cancelled (nobody is left to help) and their running screen shares end.
 * PRIVACY_COVERAGE (coverage.ts) lists every table and what this does to it.
 *
 * What stays: orders are billing data, kept 10 years (privacy policy; Code de commerce L123-22). An issued invoice
 * is an accounting document that cannot be altered afterwards, so each order keeps everything its invoice prints:
 * the client's name, e-mail and phone as billed, plan, period, price, payment method and status, verification key.
 * Only the sign-in hint line of the invoice disappears, with the account it pointed to.
 */
export async function confirmErasure(
  db: Db,
  mail: MailQueue,
  requestId: number,
  actor: Actor,
  now = new Date(),
): Promise<InboxItemDto> {
  return db.transaction(async (tx) => {
    const client = await lockRequestAndClient(tx, requestId);
    return eraseLockedClient(tx, mail, actor, { requestId, client, now, why: 'request' });
  });
}

/** `request`: the client asked (« Mes données »); `retention`: staff end an account past its period. */
export type ErasureReason = 'request' | 'retention';

/**
 * The erasure itself, on an account and its erasure request both locked by the caller: see confirmErasure. Staff
 * erasing an account past its period (services/privacy/retention-erasure.ts) come here with a request they recorded.
 */
export async function eraseLockedClient(
  tx: Tx,
  mail: MailQueue,
  actor: Actor,
  erasure: { requestId: number; client: ClientRow; now: Date; why: ErasureReason },
): Promise<InboxItemDto> {
  const { requestId, client, now, why } = erasure;
  const placeholder = erasedEmail(client.id);
  const ids = await concernedBy(tx, client);
  await blankOrdersAndInterventions(tx, client.id, ids, now);
  // Before the sessions go: a share they opened would otherwise end after the erasure, with a journal entry and live
  // event about them.
  await endSharesOfErasedClient(tx, client.id, now);
  // Before the live events about them go: staff's open pages hear of each request cancelled.
  const cancelled = await cancelRequestsOfErasedClient(tx, actor, client.id, now);
  await blankInboxItems(tx, ids.requestIds, placeholder);
  // This request, and any other erasure request of the account still waiting, is done.
  await tx
    .update(inboxItems)
    .set({ status: 'closed', erasedAt: now })
    .where(or(eq(inboxItems.id, requestId), pendingErasureOf(client.id)));
  await blankAuditHistory(tx, ids);
  await blankAccount(tx, client.id, ids.requestIds, placeholder);
  await recordErasure(tx, mail, actor, { requestId, client, ids, cancelled, placeholder, why });
  const [updated] = await tx.select().from(inboxItems).where(eq(inboxItems.id, requestId));
  return toInboxItemDto(updated!);
}
