import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { addDays } from '#server/services/calendar/paris-calendar.ts';
import { auditLog } from '#server/db/schema.ts';
import type { AuditEntryDto } from '#shared/security/audit-api.ts';
import type { AuditAction, AuditEntity } from '#shared/security/audit-labels.ts';

/** Who made a change: a staff member, or a client acting in their own area (id null, see CLIENT_ACTOR). */
export type Actor = { id: number | null; username: string; address?: string };

/** Orders a client asks for themselves are recorded under this name (createdBy) and audited without a staff member. */
export const CLIENT_ACTOR = { id: null, username: 'client' } as const;

/** What the server does of itself, nobody having asked for it (a pass that ends a screen share nobody may watch). */
export const SERVER_ACTOR = { id: null, username: 'serveur' } as const;
export type AuditEntry = {
  action: AuditAction;
  entity: AuditEntity;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
};

/** Written in the caller's transaction: a change and its trace are saved together or not at all. */
export async function writeAudit(db: Tx, actor: Actor, entry: AuditEntry) {
  await db.insert(auditLog).values({
    staffId: actor.id,
    staffUsername: actor.username,
    action: entry.action,
    entity: entry.entity,
    entityId: String(entry.entityId),
    address: actor.address ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** Only the fields whose value changes, as { before, after }; null when nothing changes. */
export function diff<T extends Record<string, unknown>>(
  current: T,
  patch: Partial<T>,
): { before: Partial<T>; after: Partial<T> } | null {
  const before: Partial<T> = {};
  const after: Partial<T> = {};
  for (const key of Object.keys(patch) as Array<keyof T>) {
    if (patch[key] !== undefined && patch[key] !== current[key]) {
      before[key] = current[key];
      after[key] = patch[key];
    }
  }
  return Object.keys(after).length ? { before, after } : null;
}

export type AuditFilter = {
  entity?: string;
  entityId?: string;
  staffUsername?: string;
  action?: string;
  /** ISO days, both included, in Europe/Paris */
  from?: string;
  to?: string;
  limit: number;
  offset: number;
};

/** Midnight in Paris starting `day`. A day ends where the next one starts: 23 or 25 hours on the days clocks change. */
const parisDayStart = (day: string) => sql`(${day}::date)::timestamp at time zone 'Europe/Paris'`;

/** The audit log, newest first, with the full count for X-Total-Count. */
export async function listAudit(db: Tx, filter: AuditFilter): Promise<{ items: AuditEntryDto[]; total: number }> {
  const where = and(
    filter.entity ? eq(auditLog.entity, filter.entity) : undefined,
    filter.entityId ? eq(auditLog.entityId, filter.entityId) : undefined,
    filter.staffUsername ? eq(auditLog.staffUsername, filter.staffUsername) : undefined,
    // 'order' finds order.create, order.update…; 'order.update' finds only that action
    filter.action
      ? // starts_with, not LIKE: the text typed is read as written, « % » and « _ » included
        sql`(${auditLog.action} = ${filter.action} or starts_with(${auditLog.action}, ${`${filter.action}.`}))`
      : undefined,
    filter.from ? gte(auditLog.createdAt, parisDayStart(filter.from)) : undefined,
    filter.to ? lt(auditLog.createdAt, parisDayStart(addDays(filter.to, 1))) : undefined,
  );
  const [rows, total] = await Promise.all([
    db.select().from(auditLog).where(where).orderBy(desc(auditLog.id)).limit(filter.limit).offset(filter.offset),
    db.$count(auditLog, where),
  ]);
  return {
    total,
    items: rows.map((r) => ({
      id: r.id,
      staffUsername: r.staffUsername,
      action: r.action,
      entity: r.entity,
      entityId: r.entityId,
      address: r.address,
      before: r.before,
      after: r.after,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
