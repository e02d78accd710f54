import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { invoices, orders } from '#server/db/schema.ts';
import type { OrderDto } from '#shared/orders/order-api.ts';
import type { OrderDocuments } from '#shared/billing/invoice-api.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { someoneWaitsForALock } from '#server/test/lock-waits.ts';
import { postOrder, staffLogin } from '#server/test/fixtures.ts';

// On PostgreSQL, where two staff members' transactions run side by side. Changing an order's status locks the order,
// then reads and credits its invoice; a credit note must take the two locks in that same order, or the two requests,
// sent at once, each hold what the other waits for and PostgreSQL cancels one (a 500).
describe.skipIf(process.env.TEST_DB !== 'postgres')('[ADMIN][INVOICES] credit notes lock as order changes do', () => {
  let t: TestApp;
  let staff: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    staff = await staffLogin(t);
  });
  afterAll(async () => t.close());

  it('issues a full credit note while a status change holds the order, then takes its invoice', async () => {
    const { order } = await postOrder(t, staff, {
      clientName: 'Anne Verrou',
      clientEmail: 'anne.verrou@exemple.fr',
      plan: 'pro',
      username: 'averrou',
      password: 'Soleil-du-Midi-42',
    });
    const { id, documents } = order as OrderDto & OrderDocuments;
    const invoice = documents[0]!;

    let credited: Promise<{ statusCode: number; body: string }> | undefined;
    await t.db.transaction(async (tx) => {
      // What PATCH /api/admin/manual-orders/:id does first when staff cancel an invoiced order.
      await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, id)).for('update');
      credited = t.app.inject({
        method: 'POST',
        url: `/api/admin/manual-orders/${id}/credit-notes`,
        headers: staff,
        payload: { amount: invoice.totalTtc, reason: 'Annulation à la demande du client' },
      });
      await vi.waitFor(async () => expect(await someoneWaitsForALock(t.db)).toBe(true), {
        timeout: 30_000,
        interval: 20,
      });
      // Then its invoice: the credit note, waiting for the order, holds nothing this needs.
      await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.id, invoice.id)).for('update');
    });
    const res = await credited!;
    expect(res.statusCode, res.body).toBe(201);
    const [after] = await t.db.select().from(orders).where(eq(orders.id, id));
    expect(after!.paymentStatus).toBe('cancelled');
  });
});
