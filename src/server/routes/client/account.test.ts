import { describe, expect, it } from 'vitest';
import { inboxItems } from '#server/db/schema.ts';
import { clientOrderSchema } from '#shared/orders/order-api.ts';
import { todayIso } from '#shared/format.ts';
import { pdfText } from '#server/test/pdf-text.ts';
import { accountTestApp, JEAN } from './account-fixtures.ts';

describe('[CLIENT][ACCOUNT] self-service: password, orders and invoices, « Mes données »', () => {
  const { t, staff, jean, anne, ids, jeanOrders, get, post } = accountTestApp();

  it('answers 401 Unauthorized on every self-service route without a session, and changes nothing', async () => {
    const before = await t.db.select().from(inboxItems);
    for (const res of [
      await post('/api/client/password', undefined, {
        currentPassword: JEAN.password,
        newPassword: 'un-tout-nouveau-secret',
      }),
      await get('/api/client/orders'),
      await get(`/api/client/orders/${jeanOrders.first}/invoice`),
      await get('/api/client/data'),
      await get('/api/client/erasure-request'),
      await post('/api/client/erasure-request'),
      await get('/api/client/orders', { cookie: 'rfs_client=invente' }),
    ]) {
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json().message).toBe('Unauthorized');
    }
    expect(await t.db.select().from(inboxItems)).toEqual(before);
  });

  describe('orders and invoices', () => {
    it('lists only the client’s own orders, newest first, with periods and invoice numbers', async () => {
      const res = await get('/api/client/orders', jean);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-total-count']).toBe('3');
      const orders = res.json<unknown[]>().map((o) => clientOrderSchema.strict().parse(o));
      expect(orders.map((o) => o.id)).toEqual([jeanOrders.pending, jeanOrders.renewal, jeanOrders.first]);
      expect(orders.map((o) => o.id)).not.toContain(ids.anneOrder);
      const [pending, renewal, first] = orders;
      expect(first).toEqual({
        id: jeanOrders.first,
        planId: 'pro',
        plan: 'Pro',
        price: '50.00',
        paymentStatus: 'paid',
        orderDate: '2025-03-15',
        startsOn: '2025-03-15',
        endsOn: '2026-03-14',
        invoiceNumber: '00000001',
        // the first invoice of this database, issued today (the day the order was recorded as paid)
        documents: [
          { id: expect.any(Number), kind: 'invoice', number: '00000001', issuedOn: todayIso(), totalTtc: '50.00' },
        ],
        paymentRefused: false,
        // paid today: « Me rétracter » is offered for 14 days from the payment
        withdrawableUntil: expect.any(String),
        withdrawal: null,
      });
      // Ordered while the first one runs: it starts the day after it ends.
      expect(renewal).toMatchObject({ startsOn: '2026-03-15', endsOn: '2027-03-14', paymentStatus: 'paid' });
      expect(pending).toMatchObject({
        paymentStatus: 'pending',
        startsOn: null,
        endsOn: null,
        invoiceNumber: null,
        documents: [],
        paymentRefused: false,
        price: '10.00',
      });
    });

    it('pages with limit and offset, and refuses a bad page parameter', async () => {
      const page = await get('/api/client/orders?limit=1&offset=1', jean);
      expect(page.headers['x-total-count']).toBe('3');
      expect(page.json<Array<{ id: number }>>().map((o) => o.id)).toEqual([jeanOrders.renewal]);
      const bad = await get('/api/client/orders?limit=abc', jean);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Paramètre limit invalide');
    });

    it('downloads the invoice of an own paid order: the same PDF staff download', async () => {
      const res = await get(`/api/client/orders/${jeanOrders.first}/invoice`, jean);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain('Facture_00000001_Jean Dupont.pdf');
      expect(res.headers['cache-control']).toBe('no-store');
      const staffCopy = await get(`/api/admin/manual-orders/${jeanOrders.first}/receipt`, staff);
      const [mine, theirs] = await Promise.all([pdfText(res.rawPayload), pdfText(staffCopy.rawPayload)]);
      expect(mine).toBe(theirs);
      for (const expected of ['FACTURE', 'N° 00000001', 'Jean Dupont', 'à distance Pro', '50,00 € TTC']) {
        expect(mine).toContain(expected);
      }
    });

    it('answers 404 for another client’s order, a pending one or an unknown id alike, and 400 for a malformed id', async () => {
      const unknown = await get('/api/client/orders/999999/invoice', jean);
      expect(unknown.statusCode).toBe(404);
      for (const res of [
        await get(`/api/client/orders/${ids.anneOrder}/invoice`, jean),
        await get(`/api/client/orders/${jeanOrders.first}/invoice`, anne),
        await get(`/api/client/orders/${jeanOrders.pending}/invoice`, jean),
      ]) {
        expect(res.statusCode).toBe(404);
        // Nothing tells an existing order of someone else from a missing one.
        expect(res.body).toBe(unknown.body);
      }
      expect(unknown.json().message).toBe('Facture introuvable');
      for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
        const res = await get(`/api/client/orders/${id}/invoice`, jean);
        expect(res.statusCode, id).toBe(400);
        expect(res.json().message).toBe('Identifiant invalide');
      }
    });
  });
});
