import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoices } from '#server/db/schema.ts';
import type { OrderDocuments } from '#shared/billing/invoice-api.ts';
import { postOrder, staffTestApp, validOrder } from '#server/test/fixtures.ts';

const numberOf = (created: { order: unknown }) => (created.order as OrderDocuments).documents[0]?.number;

describe('[ADMIN][INVOICE_NUMBERS] invoices numbered in their own series, without gaps', () => {
  const { t, staff } = staffTestApp();

  it('numbers the next invoice right after the last one, whatever a refused order or the order ids did', async () => {
    const first = await postOrder(t, staff, {
      clientEmail: 'premier@exemple.fr',
      username: 'premier',
      password: 'motdepasse-1',
    });
    // Same username for another client: refused after the transaction started, so it must roll back entirely.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/admin/manual-orders',
      headers: staff,
      payload: validOrder({ clientEmail: 'second@exemple.fr', username: 'premier', password: 'motdepasse-2' }),
    });
    expect(refused.statusCode).toBe(409);
    // Order ids are an ordinary sequence now: a jump (a restart after a crash pre-logs 32 values) costs no invoice number.
    await t.db.execute(sql`select setval('orders_id_seq', (select max(id) from orders) + 32)`);
    const pending = await postOrder(t, staff, { clientEmail: 'attente@exemple.fr', paymentStatus: 'pending' });
    const next = await postOrder(t, staff, { clientEmail: 'second@exemple.fr' });
    expect(next.id).toBeGreaterThan(first.id + 32);
    expect(numberOf(pending)).toBeUndefined();
    expect(Number(numberOf(next))).toBe(Number(numberOf(first)) + 1);
  });

  it('numbers invoices issued at the same moment one after the other', async () => {
    const created = await Promise.all(
      Array.from({ length: 5 }, (_, i) => postOrder(t, staff, { clientEmail: `simultane${i}@exemple.fr` })),
    );
    const numbers = created.map((c) => Number(numberOf(c))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 5 }, (_, i) => numbers[0]! + i));
    const all = await t.db
      .select({ seq: invoices.seq })
      .from(invoices)
      .where(eq(invoices.kind, 'invoice'))
      .orderBy(asc(invoices.seq));
    expect(all.map((r) => r.seq)).toEqual(all.map((_, i) => i + 1));
  });

  it('never dates an invoice before the last one, even from a server whose clock is late', async () => {
    // Later than the real date the tests above issued at.
    t.clock.set('2030-06-02T09:00:00Z');
    const first = (await postOrder(t, staff, { clientEmail: 'horloge1@exemple.fr' })).order as OrderDocuments;
    // Another instance, its clock a day late: the next number takes the last issue date, not an earlier one.
    t.clock.set('2030-06-01T09:00:00Z');
    const late = (await postOrder(t, staff, { clientEmail: 'horloge2@exemple.fr' })).order as OrderDocuments;
    expect(first.documents[0]!.issuedOn).toBe('2030-06-02');
    expect(late.documents[0]!.issuedOn).toBe('2030-06-02');
    expect(Number(late.documents[0]!.number)).toBe(Number(first.documents[0]!.number) + 1);
  });
});
