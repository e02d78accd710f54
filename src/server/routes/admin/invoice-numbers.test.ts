import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { postOrder, staffLogin, validOrder } from './test-fixtures';

describe('[ADMIN][INVOICE_NUMBERS] order ids are invoice numbers without gaps', () => {
  let t: TestApp;
  let staff: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    staff = await staffLogin(t);
  });
  afterAll(async () => t.close());

  it('numbers the next order right after the last one, even after a refused order and a sequence jump', async () => {
    const first = await postOrder(t, staff, { clientEmail: 'premier@exemple.fr', username: 'premier', password: 'motdepasse-1' });
    // Same username for another client: refused after the transaction started, so it must roll back entirely.
    const refused = await t.app.inject({
      method: 'POST', url: '/api/admin/manual-orders', headers: staff,
      payload: validOrder({ clientEmail: 'second@exemple.fr', username: 'premier', password: 'motdepasse-2' }),
    });
    expect(refused.statusCode).toBe(409);
    // What a restart after a crash does to a sequence: it jumps ahead (PostgreSQL pre-logs 32 values).
    await t.db.execute(sql`select setval('manual_orders_id_seq', (select max(id) from manual_orders) + 32)`);
    const next = await postOrder(t, staff, { clientEmail: 'second@exemple.fr' });
    expect(next.id).toBe(first.id + 1);
  });

  it('numbers orders created at the same moment one after the other', async () => {
    const created = await Promise.all(
      Array.from({ length: 5 }, (_, i) => postOrder(t, staff, { clientEmail: `simultane${i}@exemple.fr` })),
    );
    const ids = created.map((c) => c.id).sort((a, b) => a - b);
    expect(ids).toEqual(Array.from({ length: 5 }, (_, i) => ids[0]! + i));
  });
});
