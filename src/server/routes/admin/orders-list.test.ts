import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntryDto } from '#shared/security/audit-api.ts';
import type { OrderDto } from '#shared/orders/order-api.ts';
import type { OrderDocuments } from '#shared/billing/invoice-api.ts';
import { postOrder, staffTestApp } from '#server/test/fixtures.ts';

describe('[ADMIN][ORDERS] list, update, audit', () => {
  const { t, staff } = staffTestApp();
  let orders: OrderDto[];
  beforeAll(async () => {
    orders = [];
    for (let i = 1; i <= 7; i++) {
      orders.push(
        (
          await postOrder(t, staff, {
            clientName: i === 3 ? 'Zoé 100%_Sûre' : `Client ${i}`,
            clientEmail: i % 2 ? 'impair@exemple.fr' : `pair${i}@exemple.fr`,
            paymentStatus: i === 5 ? 'pending' : 'paid',
          })
        ).order,
      );
    }
  });

  const list = (query: string) =>
    t.app.inject({ method: 'GET', url: `/api/admin/manual-orders${query}`, headers: staff });

  it('pages newest first with the total in X-Total-Count', async () => {
    const first = await list('?limit=3');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('7');
    expect(first.json<OrderDto[]>().map((o) => o.id)).toEqual([orders[6]!.id, orders[5]!.id, orders[4]!.id]);
    expect(first.body).not.toMatch(/argon2|scrypt|passwordHash|password_hash/);
    const last = await list('?limit=3&offset=6');
    expect(last.json<OrderDto[]>().map((o) => o.id)).toEqual([orders[0]!.id]);
    expect(last.headers['x-total-count']).toBe('7');
    expect((await list('?offset=50')).json()).toEqual([]);
    expect((await list('?limit=1000')).json()).toHaveLength(7);
    expect((await list('?limit=abc')).statusCode).toBe(400);
    expect((await list('?offset=-1')).statusCode).toBe(400);
    expect((await list('?email=a%00b@exemple.fr')).json().message).toBe('Adresse e-mail invalide');
  });

  it('filters by e-mail (any case), status and search text', async () => {
    const byEmail = await list('?email=IMPAIR@exemple.fr');
    expect(byEmail.headers['x-total-count']).toBe('4');
    expect((await list('?status=pending')).json<OrderDto[]>().map((o) => o.id)).toEqual([orders[4]!.id]);
    expect((await list('?status=nope')).statusCode).toBe(400);
    expect(
      (await list(`?q=${orders[3]!.verificationKey.slice(4, 10).toLowerCase()}`)).json<OrderDto[]>().map((o) => o.id),
    ).toEqual([orders[3]!.id]);
    expect((await list(`?q=${orders[1]!.id}`)).json<OrderDto[]>().map((o) => o.id)).toContain(orders[1]!.id);
    // A document's number as printed finds the order it belongs to, not the order with that id.
    const invoiced = (await list('?limit=1000')).json<Array<OrderDto & OrderDocuments>>();
    const sixth = invoiced.find((o) => o.id === orders[5]!.id)!.documents[0]!.number;
    expect(sixth).toMatch(/^\d{8}$/);
    expect(Number(sixth)).not.toBe(orders[5]!.id);
    expect((await list(`?q=${sixth}`)).json<OrderDto[]>().map((o) => o.id)).toEqual([orders[5]!.id]);
    expect((await list('?q=client%202')).json<OrderDto[]>().map((o) => o.clientName)).toEqual(['Client 2']);
    expect((await list('?q=PAIR4')).json<OrderDto[]>()).toHaveLength(1);
    // % and _ are searched literally.
    expect((await list('?q=100%25_')).json<OrderDto[]>().map((o) => o.clientName)).toEqual(['Zoé 100%_Sûre']);
    expect((await list('?q=%25')).json<OrderDto[]>()).toHaveLength(1);
    expect((await list('?q=_')).json<OrderDto[]>()).toHaveLength(1);
  });

  it('updates status and notes, and audits the before and after of what changed', async () => {
    const id = orders[4]!.id;
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/manual-orders/${id}`,
      headers: staff,
      payload: { paymentStatus: 'paid' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<OrderDto>()).toMatchObject({ id, paymentStatus: 'paid', notes: '' });
    const notes = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/manual-orders/${id}`,
      headers: staff,
      payload: { notes: ' Payé par virement ' },
    });
    expect(notes.json<OrderDto>()).toMatchObject({ paymentStatus: 'paid', notes: 'Payé par virement' });
    // Nothing changes: no audit entry.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/manual-orders/${id}`,
      headers: staff,
      payload: { paymentStatus: 'paid' },
    });

    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit?entity=order&entityId=${id}`,
      headers: staff,
    });
    const entries = audit.json<AuditEntryDto[]>();
    // Paid: the invoice is issued in the same transaction, after the change.
    expect(entries.map((e) => e.action)).toEqual(['order.update', 'invoice.issue', 'order.update', 'order.create']);
    expect(entries[1]).toMatchObject({ after: { number: expect.stringMatching(/^\d{8}$/) } });
    expect(entries[2]).toMatchObject({
      staffUsername: 'staff',
      entity: 'order',
      entityId: String(id),
      before: { paymentStatus: 'pending' },
      after: { paymentStatus: 'paid' },
    });
    expect(entries[0]).toMatchObject({ before: { notes: '' }, after: { notes: 'Payé par virement' } });
  });

  it('validates updates and answers 404 for an unknown order', async () => {
    const id = orders[0]!.id;
    const empty = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/manual-orders/${id}`,
      headers: staff,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Aucune modification');
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/manual-orders/${id}`,
      headers: staff,
      payload: { paymentStatus: 'gratuit' },
    });
    expect(bad.json().fieldErrors.paymentStatus).toEqual(['Statut de paiement invalide']);
    const missing = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/manual-orders/424242',
      headers: staff,
      payload: { notes: 'x' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Commande introuvable');
  });

  it.each(['abc', '0', '-3', '1.5', '99999999999', '1e3', '%20'])(
    'answers 400 to the malformed id %s on every :id route',
    async (id) => {
      for (const [method, url] of [
        ['PATCH', `/api/admin/manual-orders/${id}`],
        ['POST', `/api/admin/manual-orders/${id}/credentials`],
        ['GET', `/api/admin/manual-orders/${id}/receipt`],
        ['POST', `/api/admin/manual-orders/${id}/credit-notes`],
        ['GET', `/api/admin/documents/${id}/pdf`],
        ['PATCH', `/api/admin/contacts/${id}`],
        ['POST', `/api/admin/contacts/${id}/validate`],
        ['PATCH', `/api/admin/interventions/${id}`],
      ] as const) {
        const res = await t.app.inject({
          method,
          url,
          headers: staff,
          payload: method === 'PATCH' ? { notes: 'x', status: 'closed' } : undefined,
        });
        expect(res.statusCode, `${method} ${url}`).toBe(400);
        expect(res.json().message).toBe('Identifiant invalide');
      }
    },
  );
});
