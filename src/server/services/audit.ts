import { and, desc, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { auditLog } from '../db/schema';
import type { AuditEntryDto } from '../../shared/admin-api';

/** Who made a change: a staff member, or a client acting in their own area (id null, see CLIENT_ACTOR). */
export type Actor = { id: number | null; username: string };
export type AuditEntry = { action: string; entity: string; entityId: string | number; before?: unknown; after?: unknown };

/** Written in the caller's transaction: a change and its trace are saved together or not at all. */
export async function writeAudit(db: Tx, actor: Actor, entry: AuditEntry) {
  await db.insert(auditLog).values({
    staffId: actor.id,
    staffUsername: actor.username,
    action: entry.action,
    entity: entry.entity,
    entityId: String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** Only the fields whose value changes, as { before, after }; null when nothing changes. */
export function diff<T extends Record<string, unknown>>(current: T, patch: Partial<T>): { before: Partial<T>; after: Partial<T> } | null {
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

export async function listAudit(db: Tx, filter: { entity?: string; entityId?: string; limit: number; offset: number }): Promise<AuditEntryDto[]> {
  const rows = await db.select().from(auditLog)
    .where(and(
      filter.entity ? eq(auditLog.entity, filter.entity) : undefined,
      filter.entityId ? eq(auditLog.entityId, filter.entityId) : undefined,
    ))
    .orderBy(desc(auditLog.id))
    .limit(filter.limit).offset(filter.offset);
  return rows.map((r) => ({
    id: r.id,
    staffUsername: r.staffUsername,
    action: r.action,
    entity: r.entity,
    entityId: r.entityId,
    before: r.before,
    after: r.after,
    createdAt: r.createdAt.toISOString(),
  }));
}
