import { describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { databaseBefore } from '#server/test/migrations-before.ts';
import { migrateDatabase } from './client.ts';
import { auditLog } from './schema.ts';

const MIGRATION = '0031_audit_actions_by_domain';

// A journal written before the glossary reaches the audit actions: the upgrade renames its words, nothing else.
describe('[MIGRATION] audit actions by domain', () => {
  it('renames request.* to inbox.*, team.* to staff.*, keeps the rest, and the journal stays append-only', async () => {
    const database = await databaseBefore(MIGRATION);
    try {
      const at = new Date('2026-11-01T10:00:00Z');
      await database.db.insert(auditLog).values([
        { staffUsername: 'admin', action: 'request.validate', entity: 'request', entityId: '3', createdAt: at },
        { staffUsername: 'admin', action: 'request.refuse_erasure', entity: 'request', entityId: '4', createdAt: at },
        { staffUsername: 'admin', action: 'team.create', entity: 'staff', entityId: '2', createdAt: at },
        { staffUsername: 'julien', action: 'staff.login', entity: 'staff', entityId: '2', createdAt: at },
        { staffUsername: 'admin', action: 'order.create', entity: 'order', entityId: '7', createdAt: at },
      ]);

      await migrateDatabase(database);

      const rows = await database.db
        .select({
          who: auditLog.staffUsername,
          action: auditLog.action,
          entity: auditLog.entity,
          at: auditLog.createdAt,
        })
        .from(auditLog)
        .orderBy(asc(auditLog.id));
      expect(rows).toEqual([
        { who: 'admin', action: 'inbox.validate', entity: 'inbox_item', at },
        { who: 'admin', action: 'inbox.refuse_erasure', entity: 'inbox_item', at },
        { who: 'admin', action: 'staff.create', entity: 'staff', at },
        { who: 'julien', action: 'staff.login', entity: 'staff', at },
        { who: 'admin', action: 'order.create', entity: 'order', at },
      ]);
      await expect(database.db.update(auditLog).set({ action: 'changed' })).rejects.toThrow();
    } finally {
      await database.close();
    }
  });
});
