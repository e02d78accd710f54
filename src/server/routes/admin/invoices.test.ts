import { asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, invoices, orders } from '#server/db/schema.ts';
import { todayIso } from '#shared/format.ts';
import type { OrderDto } from '#shared/orders/order-api.ts';
import type { OrderDocuments } from '#shared/billing/invoice-api.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { clientLogin, postOrder, staffLogin } from '#server/test/fixtures.ts';
import { pdfText } from '#server/test/pdf-text.ts';

type Order = OrderDto & OrderDocuments;

describe('[ADMIN][INVOICES] invoices frozen at issue, credit notes, numbering', () => {
  let t: TestApp;
  let staff: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://support.exemple.fr' });
    staff = await staffLogin(t);
  });
  afterAll(async () => t.close());

  const get = (url: string, app = t, headers = staff) => app.app.inject({ method: 'GET', url, headers });
  const patch = (id: number, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/admin/manual-orders/${id}`, headers: staff, payload });
  const credit = (id: number, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/admin/manual-orders/${id}/credit-notes`, headers: staff, payload });
  // to the cent: the per-plan figures (the headline revenue is rounded to the euro)
  const revenue = async () =>
    (await get('/api/admin/stats'))
      .json<{ byPlan: Array<{ revenue: number }> }>()
      .byPlan.reduce((sum, p) => Math.round((sum + p.revenue) * 100) / 100, 0);
  const verify = async (key: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/verify-invoice/${key}` })).json();

  async function receipt(id: number, app = t, headers = staff) {
    const res = await get(`/api/admin/manual-orders/${id}/receipt`, app, headers);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    return res.rawPayload;
  }

  it('prints the issued invoice the same, byte for byte, after the order, the account and the settings change', async () => {
    t.clock.set('2026-11-23T10:00:00Z');
    const { order } = await postOrder(t, staff, {
      clientName: 'Élodie Bérénger',
      clientEmail: 'elodie@exemple.fr',
      plan: 'pro',
      orderDate: '2026-11-01',
      username: 'eberenger42',
      password: 'Soleil-du-Midi-42',
    });
    const created = order as Order;
    const invoice = created.documents[0]!;
    expect(invoice).toMatchObject({ kind: 'invoice', issuedOn: '2026-11-23', totalTtc: '50.00' });
    const before = await receipt(created.id);
    const text = await pdfText(before);
    for (const expected of [
      'FACTURE',
      `N° ${invoice.number}`,
      "Date d'émission : 23/11/2026",
      'Commande du 01/11/2026',
      'Élodie Bérénger',
      'Abonnement assistance informatique à distance Pro',
      '50,00 € TTC',
      'Moyen de paiement : Carte bancaire',
      'Payée le 01/11/2026',
      created.verificationKey,
      'Identifiant : eb…42',
      'TVA non applicable',
      'RFS Assistance LLC',
    ])
      expect(text).toContain(expected);

    // The order and the account change: notes, new credentials (the username too), a status that would unpay it.
    expect((await patch(created.id, { notes: 'Client rappelé' })).statusCode).toBe(200);
    await t.db
      .update(orders)
      .set({ clientName: 'Quelqu’un d’autre', clientEmail: 'autre@exemple.fr' })
      .where(eq(orders.id, created.id));
    const refused = await patch(created.id, { paymentStatus: 'pending' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/établissez un avoir/);
    t.clock.set('2026-11-23T18:00:00Z');
    expect(await receipt(created.id)).toEqual(before);

    // Another server with other company details and a VAT rate reads the same stored document.
    const other = await createTestApp(
      { SITE_NAME: 'Autre Nom', COMPANY_ADDRESS: '1 rue Neuve, Paris', INVOICE_TAX_RATE: '20' },
      { database: t.database },
    );
    try {
      expect(await receipt(created.id, other, await staffLogin(other))).toEqual(before);
    } finally {
      await other.close();
    }
    expect(await pdfText(await receipt(created.id))).toBe(text);
  });

  it('cancels a paid invoice with the next AV- credit note: revenue drops, the check answers « Annulée par l’avoir »', async () => {
    t.clock.set('2026-11-24T09:00:00Z');
    const { order } = await postOrder(t, staff, {
      clientName: 'Marc Annule',
      clientEmail: 'marc@exemple.fr',
      plan: 'standard',
      orderDate: '2026-11-24',
    });
    const invoiceNumber = (order as Order).documents[0]!.number;
    const notesBefore = await t.db.$count(invoices, eq(invoices.kind, 'credit_note'));
    const revenueBefore = await revenue();
    expect(await verify(order.verificationKey)).toMatchObject({
      number: invoiceNumber,
      status: 'valid',
      statusLabel: 'Valide',
    });

    t.clock.set('2026-11-25T09:00:00Z');
    const res = await credit(order.id, { amount: '25', reason: 'Annulation à la demande du client' });
    expect(res.statusCode, res.body).toBe(201);
    const after = res.json<Order>();
    const note = after.documents.find((d) => d.kind === 'credit_note')!;
    expect(note).toMatchObject({
      number: `AV-${String(Number(notesBefore) + 1).padStart(8, '0')}`,
      issuedOn: '2026-11-25',
      totalTtc: '25.00',
    });
    expect(after).toMatchObject({ paymentStatus: 'cancelled', creditable: '0.00' });
    expect(await revenue()).toBe(revenueBefore - 25);
    expect(await verify(order.verificationKey)).toMatchObject({
      status: 'cancelled',
      statusLabel: `Annulée par l'avoir ${note.number} du 25/11/2026`,
    });

    const pdf = await get(`/api/admin/documents/${note.id}/pdf`);
    expect(pdf.headers['content-disposition']).toContain(`Avoir_${note.number}_Marc Annule.pdf`);
    const text = await pdfText(pdf.rawPayload);
    for (const expected of [
      'AVOIR',
      `N° ${note.number}`,
      `Sur la facture n° ${invoiceNumber} du 24/11/2026`,
      'Montant de l’avoir : 25,00 € TTC',
      'Motif : Annulation à la demande du client',
    ])
      expect(text).toContain(expected);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'credit_note.issue'));
    expect(audit.at(-1)).toMatchObject({
      entityId: String(order.id),
      after: { number: note.number, invoice: invoiceNumber, amount: '25.00' },
    });
    // The subscription it bought is gone; a second credit note finds nothing left.
    expect(
      (await t.db.select({ endsOn: orders.endsOn }).from(orders).where(eq(orders.id, order.id)))[0]!.endsOn,
    ).toBeNull();
    expect((await credit(order.id, { amount: '1' })).statusCode).toBe(409);
  });

  it('credits part of an invoice, and refuses more than what is left with a French 400 and nothing written', async () => {
    const { order } = await postOrder(t, staff, {
      clientName: 'Paula Partiel',
      clientEmail: 'paula@exemple.fr',
      plan: 'pro',
      orderDate: '2026-11-20',
    });
    const revenueBefore = await revenue();
    const part = await credit(order.id, { amount: '20,50', reason: 'Geste commercial' });
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json<Order>()).toMatchObject({ paymentStatus: 'paid', creditable: '29.50' });
    expect(await revenue()).toBe(Math.round((revenueBefore - 20.5) * 100) / 100);
    expect((await verify(order.verificationKey)).statusLabel).toMatch(
      /^Valide, réduite de 20,50\u00a0€ par l'avoir AV-\d{8} du /,
    );

    const counts = async () =>
      Promise.all([t.db.select({ n: count() }).from(invoices), t.db.select({ n: count() }).from(auditLog)]).then(
        ([[a], [b]]) => [Number(a!.n), Number(b!.n)],
      );
    const before = await counts();
    const over = await credit(order.id, { amount: '29.51' });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      message: 'Le montant dépasse ce qui reste à créditer sur cette facture (29,50\u00a0€)',
      fieldErrors: { amount: ['Le montant dépasse ce qui reste à créditer sur cette facture (29,50\u00a0€)'] },
    });
    for (const amount of ['abc', '0', '']) {
      const bad = await credit(order.id, { amount });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fieldErrors.amount[0]).toMatch(
        /^(Montant invalide|Le montant doit être supérieur à 0 €|Saisissez le montant)/,
      );
    }
    expect(await counts()).toEqual(before);
    // The rest cancels it.
    expect((await credit(order.id, { amount: '29.50' })).json<Order>()).toMatchObject({
      paymentStatus: 'cancelled',
      creditable: '0.00',
    });
  });

  it("issues a pending order's invoice on the day it is paid, never on its back-dated order date", async () => {
    t.clock.set('2026-11-26T12:00:00Z');
    const { order } = await postOrder(t, staff, {
      clientEmail: 'attente@exemple.fr',
      paymentStatus: 'pending',
      orderDate: '2026-10-02',
    });
    expect((order as Order).documents).toEqual([]);
    expect((await get(`/api/admin/manual-orders/${order.id}/receipt`)).statusCode).toBe(404);
    expect(await verify(order.verificationKey)).toMatchObject({
      paymentStatus: 'pending',
      number: null,
      status: 'not_issued',
      statusLabel: 'En attente',
    });
    // Just after midnight in Paris (23:30 UTC the day before).
    t.clock.set('2026-11-27T23:30:00Z');
    const paid = (await patch(order.id, { paymentStatus: 'paid' })).json<Order>();
    expect(paid.documents[0]).toMatchObject({ kind: 'invoice', issuedOn: '2026-11-28' });
    const text = await pdfText(await receipt(order.id));
    expect(text).toContain("Date d'émission : 28/11/2026");
    expect(text).toContain('Commande du 02/10/2026');
    expect(text).toContain('Payée le 28/11/2026');
  });

  it('numbers invoices without gaps and in issue order under 100 concurrent creations with back-dated orders', async () => {
    t.clock.set('2026-11-29T10:00:00Z');
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/admin/manual-orders',
          headers: staff,
          payload: {
            clientName: `Client ${i}`,
            clientEmail: `concurrent${i}@exemple.fr`,
            plan: 'basique',
            paymentMethod: 'carte',
            paymentStatus: i % 4 === 3 ? 'pending' : 'paid',
            orderDate: `2026-${String(1 + (i % 11)).padStart(2, '0')}-15`,
          },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(100).fill(201));
    const rows = await t.db
      .select({ seq: invoices.seq, number: invoices.number, issuedAt: invoices.issuedAt, issuedOn: invoices.issuedOn })
      .from(invoices)
      .where(eq(invoices.kind, 'invoice'))
      .orderBy(asc(invoices.seq));
    expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
    expect(rows.map((r) => r.number)).toEqual(rows.map((_, i) => String(i + 1).padStart(8, '0')));
    for (let i = 1; i < rows.length; i++) {
      expect(rows[i]!.issuedAt.getTime()).toBeGreaterThanOrEqual(rows[i - 1]!.issuedAt.getTime());
      expect(rows[i]!.issuedOn >= rows[i - 1]!.issuedOn).toBe(true);
    }
    // Pending orders have no number; order ids are ordinary ids.
    expect(await t.db.$count(invoices, sql`${invoices.kind} = 'invoice' and ${invoices.issuedOn} = '2026-11-29'`)).toBe(
      75,
    );
  });

  it('shows VAT per line and in total when a rate is set', async () => {
    const taxed = await createTestApp({
      INVOICE_TAX_RATE: '20',
      INVOICE_TAX_MENTION: 'TVA acquittée sur les encaissements',
    });
    try {
      const staffTaxed = await staffLogin(taxed);
      const res = await taxed.app.inject({
        method: 'POST',
        url: '/api/admin/manual-orders',
        headers: staffTaxed,
        payload: {
          clientName: 'Victor Taxe',
          clientEmail: 'victor@exemple.fr',
          plan: 'pro',
          paymentMethod: 'virement',
          paymentStatus: 'paid',
          orderDate: todayIso(),
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const pdf = await taxed.app.inject({
        method: 'GET',
        url: `/api/admin/manual-orders/${res.json().id}/receipt`,
        headers: staffTaxed,
      });
      const text = await pdfText(pdf.rawPayload);
      for (const expected of [
        'Prix unit. HT',
        'Total HT',
        'TVA 20 %',
        'Total TTC',
        '41,67 €',
        '8,33 €',
        'Total HT : 41,67 €',
        'TVA 20 % : 8,33 €',
        'Total : 50,00 € TTC',
        'TVA acquittée sur les encaissements',
      ])
        expect(text).toContain(expected);
      // The narrower designation column wraps the plan's name: the period reads on its own line, under it.
      expect(text).toMatch(/\ndistance Pro\n1 an, du \d{2}\/\d{2}\/\d{4} au /);
      const [row] = await taxed.db.select().from(invoices);
      expect(row).toMatchObject({ totalHt: '41.67', totalTax: '8.33', totalTtc: '50.00' });
    } finally {
      await taxed.close();
    }
  });

  it("lists the client's invoice and credit notes in their area, each PDF theirs only", async () => {
    const { order } = await postOrder(t, staff, {
      clientName: 'Claire Cliente',
      clientEmail: 'claire@exemple.fr',
      plan: 'standard',
      orderDate: '2026-11-02',
      username: 'ccliente',
      password: 'Une-phrase-longue-7',
    });
    await credit(order.id, { amount: '5' });
    const client = await clientLogin(t, 'ccliente', 'Une-phrase-longue-7');
    const list = await t.app.inject({ method: 'GET', url: '/api/client/orders', headers: client });
    const [mine] =
      list.json<Array<{ invoiceNumber: string; documents: Array<{ id: number; kind: string; number: string }> }>>();
    expect(mine!.documents.map((d) => d.kind)).toEqual(['invoice', 'credit_note']);
    expect(mine!.invoiceNumber).toBe(mine!.documents[0]!.number);
    for (const doc of mine!.documents) {
      const res = await t.app.inject({ method: 'GET', url: `/api/client/documents/${doc.id}/pdf`, headers: client });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload).toEqual((await get(`/api/admin/documents/${doc.id}/pdf`)).rawPayload);
    }
    const [someoneElse] = await t.db.select({ id: invoices.id }).from(invoices).orderBy(asc(invoices.id)).limit(1);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/client/documents/${someoneElse!.id}/pdf`,
      headers: client,
    });
    expect(res.statusCode).toBe(404);
  });
});
