import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { postOrder, staffLogin } from '#server/test/fixtures.ts';
import { todayIso } from '#shared/format.ts';
import type { OrderDocuments } from '#shared/billing/invoice-api.ts';

describe('[PUBLIC][VERIFY_INVOICE] GET /api/verify-invoice/:key', () => {
  let t: TestApp;
  let key: string;
  let number: string;
  let orderId: number;
  let staff: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({}, { verifyRateLimit: 5 });
    staff = await staffLogin(t);
    const created = await postOrder(t, staff, { clientName: 'Élodie Bérénger', plan: 'pro', orderDate: '2025-03-15' });
    key = created.order.verificationKey;
    orderId = created.id;
    number = (created.order as typeof created.order & OrderDocuments).documents[0]!.number;
  });
  afterAll(async () => t.close());

  const verify = (k: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'GET', url: `/api/verify-invoice/${encodeURIComponent(k)}`, remoteAddress });

  it('confirms a genuine invoice with the fields SPEC §7 names, then what the paper shows, and nothing more', async () => {
    const res = await verify(key);
    expect(res.statusCode).toBe(200);
    // docs/specification.md §7: id, orderDate, clientName, price, plan, paymentStatus; then the invoice as issued: its
    // number and issue day (today), not the back-dated order
    expect(res.json()).toEqual({
      id: orderId,
      orderDate: '2025-03-15',
      clientName: 'Élodie Bérénger',
      price: '50.00',
      plan: 'Pro',
      paymentStatus: 'paid',
      number,
      issuedOn: todayIso(),
      total: '50.00',
      status: 'valid',
      statusLabel: 'Valide',
      creditNotes: [],
    });
  });

  it('answers a pending order’s key too: « En attente », no invoice number yet', async () => {
    const pending = await postOrder(t, staff, {
      clientName: 'Paul Attente',
      clientEmail: 'paul.attente@exemple.fr',
      plan: 'duo',
      orderDate: '2025-04-01',
      paymentStatus: 'pending',
    });
    const res = await verify(pending.order.verificationKey, '10.1.0.20');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: pending.id,
      orderDate: '2025-04-01',
      clientName: 'Paul Attente',
      price: '85.00',
      plan: 'Duo',
      paymentStatus: 'pending',
      number: null,
      issuedOn: null,
      total: null,
      status: 'not_issued',
      statusLabel: 'En attente',
      creditNotes: [],
    });
  });

  it('accepts the key in lower case or with spaces around it', async () => {
    expect((await verify(key.toLowerCase(), '10.1.0.1')).json().number).toBe(number);
    expect((await verify(` ${key} `, '10.1.0.1')).json().number).toBe(number);
  });

  it('answers 404 for an unknown key and 400 for a malformed one', async () => {
    const unknown = await verify('RFS-AAAAAA-2025', '10.1.0.2');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Facture non trouvée. Vérifiez votre clé de vérification.');
    for (const bad of ['RFS-123', 'RFS-AAAAA0-2025', 'XYZ-AAAAAA-2025', "RFS-AAAAAA-2025' or 1=1"]) {
      const res = await verify(bad, '10.1.0.3');
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe('Format de clé invalide (RFS-XXXXXX-AAAA)');
    }
  });

  it('limits each IP address to the configured rate', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await verify(key, '10.1.0.9')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await verify(key, '10.1.0.10')).statusCode).toBe(200);
  });
});
