import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import { inboxItems } from '#server/db/schema.ts';
import { HttpError, notFound } from '#server/http-error.ts';
import type { IssuedCredentials } from '#shared/orders/order-api.ts';
import type { RegistrationRef, InboxItemDto } from '#shared/inbox/inbox-api.ts';
import type { InboxKind, InboxStatus } from '#shared/inbox/inbox-labels.ts';
import type { StaffRole } from '#shared/staff/staff-labels.ts';
import { diff, writeAudit, type Actor } from '#server/services/security/audit.ts';
import { createClientAccount, findClientByEmail, prepareCredentials } from '#server/services/clients/clients.ts';
import { generatePassword, suggestUsername } from '#server/services/clients/credentials.ts';
import { containsPattern } from '#server/db/search-pattern.ts';
import { otherPendingRegistrations } from './registrations.ts';
import type { MailQueue } from '#server/services/mail/outbox.ts';
import { queueCredentialsMail } from '#server/services/mail/order-mails.ts';
import { addRegistrationDevice } from '#server/services/devices/client-devices.ts';
import { publishInboxLive } from '#server/services/live/staff-notices.ts';

export const INBOX_ITEM_NOT_FOUND = 'Demande introuvable';
type InboxItemRow = typeof inboxItems.$inferSelect;

/** `duplicates`: see otherPendingRegistrations; none for a request that is not a pending registration. */
export function toInboxItemDto(r: InboxItemRow, duplicates: RegistrationRef[] = []): InboxItemDto {
  return {
    id: r.id,
    kind: r.kind,
    status: r.status,
    name: r.name,
    email: r.email,
    subject: r.subject,
    message: r.message,
    captchaAnswer: r.captchaAnswer,
    firstName: r.firstName,
    lastName: r.lastName,
    phone: r.phone,
    planId: r.planId,
    deviceType: r.deviceType,
    deviceInfo: r.deviceInfo,
    clientId: r.clientId,
    erasedAt: r.erasedAt?.toISOString() ?? null,
    refusalReason: r.refusalReason,
    createdAt: r.createdAt.toISOString(),
    duplicates,
  };
}

async function toInboxItemDtos(db: Tx, rows: InboxItemRow[]): Promise<InboxItemDto[]> {
  const duplicates = await otherPendingRegistrations(db, rows);
  return rows.map((r) => toInboxItemDto(r, duplicates.get(r.id)));
}

export const ERASURE_ADMIN_ONLY =
  'Une demande d’effacement est traitée par un administrateur : demandez-lui de la confirmer ou de la refuser.';
export const ERASURE_NO_STATUS =
  'Une demande d’effacement se termine par « Effacer les données » ou par « Refuser » avec une raison, envoyée à la personne.';

/**
 * An erasure request never changes status by hand (PATCH …/contacts/:id): closing it silently would leave the person
 * believing their data gone and the admins with nothing to confirm. Only the admin's confirmation or refusal ends it.
 */
function assertStatusChangeAllowed(kind: string, role: StaffRole) {
  if (kind !== 'erasure') return;
  if (role !== 'admin') throw new HttpError('ERASURE_ADMIN_ONLY', ERASURE_ADMIN_ONLY);
  throw new HttpError('ERASURE_NO_STATUS', ERASURE_NO_STATUS);
}

export type InboxFilter = { q?: string; status?: InboxStatus; kind?: InboxKind; limit: number; offset: number };

export async function listInboxItems(db: Tx, filter: InboxFilter): Promise<{ items: InboxItemDto[]; total: number }> {
  const conditions: Array<SQL | undefined> = [
    filter.status ? eq(inboxItems.status, filter.status) : undefined,
    filter.kind ? eq(inboxItems.kind, filter.kind) : undefined,
  ];
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    conditions.push(
      or(
        ilike(inboxItems.name, pattern),
        ilike(inboxItems.email, pattern),
        ilike(inboxItems.subject, pattern),
        ilike(inboxItems.message, pattern),
      ),
    );
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(inboxItems)
      .where(where)
      .orderBy(desc(inboxItems.createdAt), desc(inboxItems.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(inboxItems).where(where),
  ]);
  return { items: await toInboxItemDtos(db, rows), total: Number(total?.n ?? 0) };
}

export async function updateInboxStatus(
  db: Db,
  id: number,
  status: InboxStatus,
  actor: Actor & { role: StaffRole },
): Promise<InboxItemDto> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(inboxItems).where(eq(inboxItems.id, id)).for('update');
    if (!current) throw notFound(INBOX_ITEM_NOT_FOUND);
    assertStatusChangeAllowed(current.kind, actor.role);
    const change = diff({ status: current.status }, { status });
    if (!change) return (await toInboxItemDtos(tx, [current]))[0]!;
    const [updated] = await tx.update(inboxItems).set({ status }).where(eq(inboxItems.id, id)).returning();
    await writeAudit(tx, actor, { action: 'inbox.update', entity: 'inbox_item', entityId: id, ...change });
    return (await toInboxItemDtos(tx, [updated!]))[0]!;
  });
}

export type Validated = { clientId: number; credentials: IssuedCredentials; client: { email: string; name: string } };

/**
 * Turns a pending registration into a client account with generated credentials (docs/decisions/034), e-mailed with
 * the plan asked for in the same transaction.
 */
export async function validateRegistration(db: Db, mail: MailQueue, id: number, actor: Actor): Promise<Validated> {
  const [request] = await db.select().from(inboxItems).where(eq(inboxItems.id, id));
  if (!request) throw notFound(INBOX_ITEM_NOT_FOUND);
  if (request.kind !== 'registration')
    throw new HttpError('NOT_REGISTRATION', 'Seule une demande d’inscription peut être validée.');
  if (request.status !== 'pending') throw new HttpError('ALREADY_DONE', 'Cette demande a déjà été traitée.');
  const existing = await findClientByEmail(db, request.email);
  if (existing) {
    throw new HttpError(
      'ALREADY_EXISTS',
      `Un compte client existe déjà pour ${request.email}${existing.username ? ` (identifiant ${existing.username})` : ''} : créez plutôt une commande pour ce client.`,
    );
  }
  const prepared = await prepareCredentials(await suggestUsername(db, request.name), generatePassword());
  const clientId = await db.transaction(async (tx) => {
    // Re-read under lock: two staff members validating at once must not create two accounts.
    const [locked] = await tx
      .select({ status: inboxItems.status })
      .from(inboxItems)
      .where(eq(inboxItems.id, id))
      .for('update');
    if (locked?.status !== 'pending') throw new HttpError('ALREADY_DONE', 'Cette demande a déjà été traitée.');
    const client = await createClientAccount(tx, {
      name: request.name,
      email: request.email,
      phone: request.phone ?? '',
      firstName: request.firstName ?? undefined,
      lastName: request.lastName ?? undefined,
      credentials: prepared,
    });
    await tx.update(inboxItems).set({ status: 'replied', clientId: client.id }).where(eq(inboxItems.id, id));
    // The device the person registered with is the account's first covered device.
    await addRegistrationDevice(tx, client.id, request.deviceType, request.deviceInfo, actor);
    await writeAudit(tx, actor, {
      action: 'inbox.validate',
      entity: 'inbox_item',
      entityId: id,
      before: { status: request.status },
      after: { status: 'replied', clientId: client.id, username: prepared.username },
    });
    await queueCredentialsMail(tx, mail, {
      clientId: client.id,
      to: { email: request.email, name: request.name },
      username: prepared.username,
      password: prepared.password,
      requestedPlanId: request.planId,
    });
    return client.id;
  });
  return {
    clientId,
    credentials: { username: prepared.username, password: prepared.password },
    client: { email: request.email, name: request.name },
  };
}

/** Stores a message from the landing page's contact form; open back-office pages are told in the caller's transaction. */
export async function createContactMessage(
  db: Tx,
  input: { name: string; email: string; subject: string; message: string; captchaAnswer: string },
): Promise<{ id: number }> {
  const [row] = await db
    .insert(inboxItems)
    .values({ kind: 'contact', ...input })
    .returning({ id: inboxItems.id, name: inboxItems.name });
  await publishInboxLive(db, 'inbox.contact', row!);
  return { id: row!.id };
}
