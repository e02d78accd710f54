import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { postOrder, staffLogin } from '#server/test/fixtures.ts';
import { pdfText } from '#server/test/pdf-text.ts';
import { formatDate, todayIso } from '#shared/format.ts';
import type { OrderDocuments } from '#shared/billing/invoice-api.ts';

describe('[ADMIN][INVOICE] PDF invoices', () => {
  let t: TestApp;
  let staff: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({
      PUBLIC_URL: 'https://support.exemple.fr',
      INVOICE_TAX_MENTION: 'TVA non applicable, art. 293 B du CGI (test)',
    });
    staff = await staffLogin(t);
  });
  afterAll(async () => t.close());

  /** Downloads the receipt and reads it back as text. */
  async function receiptText(id: number) {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/manual-orders/${id}/receipt`, headers: staff });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    return { text: await pdfText(res.rawPayload), headers: res.headers };
  }

  it('prints the invoice of a paid order, accents and € included', async () => {
    const { order } = await postOrder(t, staff, {
      clientName: 'Élodie Bérénger',
      clientEmail: 'elodie@exemple.fr',
      clientPhone: '06 98 76 54 32',
      plan: 'pro',
      orderDate: '2025-03-15',
      username: 'eberenger42',
      password: 'Soleil-du-Midi-42',
    });
    const { text, headers } = await receiptText(order.id);
    const number = (order as typeof order & OrderDocuments).documents[0]!.number;
    expect(headers['content-disposition']).toBe(
      `attachment; filename="Facture_${number}_Elodie Berenger.pdf"; filename*=UTF-8''Facture_${number}_%C3%89lodie%20B%C3%A9r%C3%A9nger.pdf`,
    );
    for (const expected of [
      'FACTURE',
      `N° ${number}`,
      `Date d'émission : ${formatDate(todayIso())}`,
      'Commande du 15/03/2025',
      'Élodie Bérénger',
      'elodie@exemple.fr',
      '06 98 76 54 32',
      'Abonnement assistance informatique à distance Pro',
      '1 an, du 15/03/2025 au 14/03/2026',
      '1 appareil',
      '50,00 € TTC',
      'Moyen de paiement : Carte bancaire',
      'Payée le 15/03/2025',
      order.verificationKey,
      'https://support.exemple.fr/verify-invoice',
      'Identifiant : eb…42 — connexion sur https://support.exemple.fr/client/login',
      'TVA non applicable, art. 293 B du CGI (test)',
      'RFS Assistance LLC',
      '30 N Gould St, Sheridan, WY 82801, États-Unis',
      'contact@rfs-assistance.example',
      'Wyoming LLC n° 2023-001234567',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('OFFERT');
    // No part of the password: not its ends (the invoice used to print « So…42 »), not a word of it.
    for (const piece of ['So…', '…42 /', 'Soleil', 'Midi']) expect(text).not.toContain(piece);
  });

  it('says OFFERT for a gifted order', async () => {
    const { order } = await postOrder(t, staff, {
      clientName: 'Zoë Lœvenbruck',
      clientEmail: 'zoe@exemple.fr',
      plan: 'famille',
      paymentMethod: 'offert',
    });
    const { text } = await receiptText(order.id);
    expect(text).toContain('Zoë Lœvenbruck');
    expect(text).toContain('OFFERT');
    expect(text).toContain('3 appareils');
    expect(text).toContain('Abonnement offert le');
    expect(text).toContain('Moyen de paiement : Offert');
    expect(text).not.toContain('€ TTC');
    expect(text).not.toContain('Identifiant :');
  });

  it('has no invoice for a pending order, and answers 404 for an unknown one', async () => {
    const { order } = await postOrder(t, staff, { clientEmail: 'attente@exemple.fr', paymentStatus: 'pending' });
    const pending = await t.app.inject({
      method: 'GET',
      url: `/api/admin/manual-orders/${order.id}/receipt`,
      headers: staff,
    });
    expect(pending.statusCode).toBe(404);
    expect(pending.json().message).toMatch(/^Cette commande n’a pas encore de facture/);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/manual-orders/987654/receipt', headers: staff });
    expect(res.statusCode).toBe(404);
  });
});
