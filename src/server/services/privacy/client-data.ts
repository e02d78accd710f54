// « Mes données »: what the business holds about one client, gathered by the same rules the erasure applies, so
// what a client can download is what an erasure goes through.
import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { documentsOf } from '#server/services/orders/order-queries.ts';
import {
  auditLog,
  clientSessions,
  clients,
  interventions,
  orders,
  passwordResetTokens,
  inboxItems,
  screenShares,
  staffUsers,
} from '#server/db/schema.ts';
import { ratingsFor } from '#server/services/interventions/intervention-ratings.ts';
import { handlerName } from '#server/services/interventions/assignment.ts';
import { devicesOf, emailsOf, filePlacer, paymentsOf, threadsOf, type Placer } from './export-sections.ts';
import { interventionEntry, orderEntry, requestEntry } from './export-entries.ts';
import { auditActionLabel } from '#shared/security/audit-labels.ts';

/** The files one download carries at most (proofs and attachments): past it, data.json says which stayed out. */
export const EXPORT_FILES_MAX_BYTES = 500 * 1024 * 1024;

type ClientRow = typeof clients.$inferSelect;

/** The client's orders: those of the account, and those placed under its e-mail before the account existed. */
export function ordersOf(client: Pick<ClientRow, 'id' | 'email'>): SQL {
  return or(
    eq(orders.clientId, client.id),
    and(isNull(orders.clientId), eq(orders.emailKey, sql`lower(${client.email})`)),
  )!;
}

/** Registration, contact and erasure requests: linked to the account or sent from its e-mail. */
export function inboxItemsOf(client: Pick<ClientRow, 'id' | 'email'>): SQL {
  return or(eq(inboxItems.clientId, client.id), sql`lower(${inboxItems.email}) = lower(${client.email})`)!;
}

/** Audit entries about these orders, interventions, requests and devices (ids as the audit stores them, as text). */
export function auditAbout(ids: {
  orders: number[];
  interventions: number[];
  inboxItems: number[];
  devices: number[];
}): SQL | undefined {
  const about = (entity: string, list: number[]) =>
    list.length ? and(eq(auditLog.entity, entity), inArray(auditLog.entityId, list.map(String))) : undefined;
  const parts = [
    about('order', ids.orders),
    about('intervention', ids.interventions),
    about('inbox_item', ids.inboxItems),
    about('device', ids.devices),
  ].filter((p): p is SQL => p !== undefined);
  return parts.length ? or(...parts) : undefined;
}

/** First names by staff username, as the client reads who handles a request (`handlerName`). */
type StaffNames = Map<string, string | null>;

/**
 * An audit value without the staff member who acted or decided: their username is half of a sign-in, and their
 * identity is not the client's data. Who a request was given to reads as the client's views say it: a first name,
 * or « l'équipe ».
 */
function withoutStaff(value: unknown, names: StaffNames): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const { createdBy: _createdBy, decidedBy: _decidedBy, ...rest } = value as Record<string, unknown>;
  if (typeof rest.assignee === 'string') rest.assignee = handlerName(names.get(rest.assignee) ?? null);
  return rest;
}

/** The first names of the members a history gives requests to. */
async function assigneeNames(db: Tx, values: unknown[]): Promise<StaffNames> {
  const usernames = [
    ...new Set(
      values.flatMap((v) =>
        v && typeof v === 'object' && typeof (v as { assignee?: unknown }).assignee === 'string'
          ? [(v as { assignee: string }).assignee]
          : [],
      ),
    ),
  ];
  if (!usernames.length) return new Map();
  const rows = await db
    .select({ username: staffUsers.username, firstName: staffUsers.firstName })
    .from(staffUsers)
    .where(inArray(staffUsers.username, usernames));
  return new Map(rows.map((r) => [r.username, r.firstName]));
}

/** The audit history of the client's orders, requests and messages, without the staff member who acted. */
async function historyOf(db: Tx, where: SQL) {
  const rows = await db
    .select({
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      action: auditLog.action,
      before: auditLog.before,
      after: auditLog.after,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .where(where)
    .orderBy(asc(auditLog.id));
  const names = await assigneeNames(
    db,
    rows.flatMap((a) => [a.before, a.after]),
  );
  return rows.map((a) => ({
    entity: a.entity,
    entityId: a.entityId,
    action: a.action,
    label: auditActionLabel(a.action),
    before: withoutStaff(a.before, names),
    after: withoutStaff(a.after, names),
    at: a.createdAt.toISOString(),
  }));
}

/** The rows the download starts from, each kind in the order it happened. */
async function rowsOf(db: Tx, client: ClientRow) {
  const [clientOrders, clientInterventions, clientRequests, sessions, resetLinks] = await Promise.all([
    db.select().from(orders).where(ordersOf(client)).orderBy(asc(orders.orderDate), asc(orders.id)),
    db
      .select()
      .from(interventions)
      .where(eq(interventions.clientId, client.id))
      .orderBy(asc(interventions.createdAt), asc(interventions.id)),
    db.select().from(inboxItems).where(inboxItemsOf(client)).orderBy(asc(inboxItems.createdAt), asc(inboxItems.id)),
    db
      .select({ createdAt: clientSessions.createdAt, expiresAt: clientSessions.expiresAt })
      .from(clientSessions)
      .where(eq(clientSessions.clientId, client.id))
      .orderBy(asc(clientSessions.createdAt)),
    db
      .select({
        createdAt: passwordResetTokens.createdAt,
        expiresAt: passwordResetTokens.expiresAt,
        usedAt: passwordResetTokens.usedAt,
      })
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.clientId, client.id))
      .orderBy(asc(passwordResetTokens.createdAt)),
  ]);
  return { clientOrders, clientInterventions, clientRequests, sessions, resetLinks };
}

/** What hangs from those rows: devices and threads with their files, documents, ratings, payments, e-mails, history. */
async function relatedTo(db: Tx, client: ClientRow, rows: Awaited<ReturnType<typeof rowsOf>>, placer: Placer) {
  const orderIds = rows.clientOrders.map((o) => o.id);
  const interventionIds = rows.clientInterventions.map((i) => i.id);
  // Devices first, then threads: the files are placed in that order, the size guard keeping the earliest.
  const devices = await devicesOf(db, client.id, placer);
  const threads = await threadsOf(db, interventionIds, placer);
  const [documents, ratings, shares, payments, emails] = await Promise.all([
    documentsOf(db, orderIds),
    ratingsFor(db, interventionIds),
    // Screen shares keep times only: nothing of the screen or the voice was ever stored.
    db
      .select()
      .from(screenShares)
      .where(eq(screenShares.clientId, client.id))
      .orderBy(asc(screenShares.startedAt), asc(screenShares.id)),
    paymentsOf(db, orderIds),
    emailsOf(db, client),
  ]);
  const auditWhere = auditAbout({
    orders: orderIds,
    interventions: interventionIds,
    inboxItems: rows.clientRequests.map((r) => r.id),
    devices: devices.map((d) => d.id),
  });
  const history = auditWhere ? await historyOf(db, auditWhere) : [];
  return { devices, threads, documents, ratings, shares, payments, emails, history };
}

/** The archive's opening words; read once every file is placed, so it can say how many stayed out. */
function aboutText(placer: Placer): string {
  return (
    'Toutes les données que nous détenons à votre sujet. Les fichiers que vous nous avez envoyés (justificatifs, ' +
    'pièces jointes) et ceux de l’équipe dans vos demandes sont dans le dossier « fichiers » de cette archive, ' +
    'au chemin indiqué par « file ». Votre mot de passe n’est conservé que sous une forme chiffrée irréversible ' +
    'et ne figure pas ici. Les factures sont conservées 10 ans (obligation comptable).' +
    (placer.left()
      ? ` ${placer.left()} fichier(s) trop volumineux pour ce téléchargement (« file » vide) : demandez-les à ` +
        'notre équipe, qui vous les transmettra.'
      : '')
  );
}

/** The account as the client sees it: whether a password is set, never its hash nor its hint. */
function accountEntry(client: ClientRow) {
  return {
    id: client.id,
    username: client.username,
    firstName: client.firstName,
    lastName: client.lastName,
    name: client.name,
    email: client.email,
    phone: client.phone,
    hasPassword: client.passwordHash !== null,
    createdAt: client.createdAt.toISOString(),
  };
}

/**
 * Everything about the client, for the download: data.json, and the files it names (their proofs, the files of their
 * requests' threads) listed in `files` for the archive. Secrets stay out: no password hash nor hint, no session or
 * reset token (only when they were opened and until when), no staff member's identity. Every table holding client
 * data is here, or declared left out with its reason, in PRIVACY_COVERAGE (coverage.ts).
 */
export async function exportClientData(
  db: Tx,
  clientId: number,
  now = new Date(),
  maxFileBytes = EXPORT_FILES_MAX_BYTES,
) {
  const [client] = await db.select().from(clients).where(eq(clients.id, clientId));
  if (!client) return null;
  const placer = filePlacer(maxFileBytes);
  const rows = await rowsOf(db, client);
  const { devices, threads, documents, ratings, shares, payments, emails, history } = await relatedTo(
    db,
    client,
    rows,
    placer,
  );
  const data = {
    exportedAt: now.toISOString(),
    about: aboutText(placer),
    account: accountEntry(client),
    sessions: rows.sessions.map((s) => ({
      openedAt: s.createdAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
    })),
    passwordResetLinks: rows.resetLinks.map((l) => ({
      requestedAt: l.createdAt.toISOString(),
      expiresAt: l.expiresAt.toISOString(),
      usedAt: l.usedAt?.toISOString() ?? null,
    })),
    orders: rows.clientOrders.map((o) => orderEntry(o, documents.get(o.id) ?? [], payments.get(o.id) ?? [])),
    devices,
    interventions: rows.clientInterventions.map((i) =>
      interventionEntry(i, ratings.get(i.id) ?? null, threads.get(i.id) ?? []),
    ),
    screenShares: shares.map((s) => ({
      interventionId: s.interventionId,
      startedAt: s.startedAt.toISOString(),
      joinedAt: s.joinedAt?.toISOString() ?? null,
      endedAt: s.endedAt?.toISOString() ?? null,
      durationMinutes: s.durationMinutes,
      endedBy: s.endedBy,
    })),
    requests: rows.clientRequests.map(requestEntry),
    emails,
    history,
  };
  return { data, files: placer.files };
}

/** data.json as the download writes it. */
export type ClientExport = NonNullable<Awaited<ReturnType<typeof exportClientData>>>['data'];
