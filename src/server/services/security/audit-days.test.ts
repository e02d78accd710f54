import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema.ts';
import { openTestDatabase } from '#server/test/harness.ts';
import type { Database } from '#server/db/client.ts';
import { listAudit } from './audit.ts';

// « Du » and « Au » are Paris days, both included. A day is not always 24 hours: 29 March 2026 has 23, 25 October 25.
describe('[AUDIT] the journal filters by Paris days, on the days the clocks change too', () => {
  let database: Database;
  const at = (iso: string, entityId: string) => ({
    staffUsername: 'admin',
    action: 'order.update',
    entity: 'order',
    entityId,
    createdAt: new Date(iso),
  });

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.insert(auditLog).values([
      at('2026-03-29T21:30:00Z', 'mars-23h30'), // 29 March, 23:30 in Paris (summer time since 02:00)
      at('2026-03-29T22:30:00Z', 'mars-lendemain'), // 30 March, 00:30
      at('2026-10-25T22:30:00Z', 'octobre-23h30'), // 25 October, 23:30 (winter time since 03:00)
      at('2026-10-25T23:30:00Z', 'octobre-lendemain'), // 26 October, 00:30
    ]);
  });
  afterAll(async () => database.close());

  const entries = async (filter: { from?: string; to?: string }) =>
    (await listAudit(database.db, { ...filter, limit: 50, offset: 0 })).items.map((e) => e.entityId).sort();

  it('« Au » a short day ends at its midnight, not an hour into the next day', async () => {
    expect(await entries({ from: '2026-03-29', to: '2026-03-29' })).toEqual(['mars-23h30']);
    expect(await entries({ from: '2026-03-30', to: '2026-03-30' })).toEqual(['mars-lendemain']);
  });

  it('« Au » a long day keeps its last hour', async () => {
    expect(await entries({ from: '2026-10-25', to: '2026-10-25' })).toEqual(['octobre-23h30']);
    expect(await entries({ from: '2026-10-26', to: '2026-10-26' })).toEqual(['octobre-lendemain']);
  });
});
