import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { pdfText } from '#server/test/pdf-text.ts';
import { invoiceDataOf } from './invoices.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';

const invoiceFor = (clientName: string, reason: string | null = null) => ({
  ...invoiceDataOf(
    {
      id: 7,
      clientId: 1,
      clientName,
      clientEmail: 'client@exemple.fr',
      clientPhone: '0600000000',
      plan: 'pro',
      price: '50.00',
      paymentMethod: 'carte',
      orderDate: '2026-11-02',
      startsOn: '2026-11-02',
      endsOn: '2026-12-01',
      verificationKey: 'RFS-AAAAA7-2026',
      username: null,
    },
    loadConfig({ LOG_LEVEL: 'silent' }),
    {
      number: '00000017',
      issuedOn: '2026-11-02',
      issuedAt: new Date('2026-11-02T10:00:00Z'),
      paymentDate: '2026-11-02',
    },
  ),
  ...(reason ? { kind: 'credit_note' as const, credited: { number: '00000016', issuedOn: '2026-11-01' }, reason } : {}),
});

// The forms accept any letters: an invoice is a legal document and prints the client's name as it was typed.
describe('[BILLING] an invoice prints names as typed, beyond French accents', () => {
  it.each(['Łukasz Żółć', 'Ayşe Yılmaz', 'Nguyễn Văn An', 'Œdipe Cœur-Lefèvre', 'Ρένα Παππά', 'Мария Иванова'])(
    'prints « %s »',
    async (name) => {
      const text = await pdfText(await renderInvoicePdf(invoiceFor(name)));
      expect(text).toContain(name);
    },
  );

  it('prints a credit note’s reason as typed', async () => {
    const text = await pdfText(await renderInvoicePdf(invoiceFor('Ewa Kowalczyk', 'Remboursement demandé par Paweł')));
    expect(text).toContain('Remboursement demandé par Paweł');
  });

  it('gives the same bytes for the same data, with the font embedded', async () => {
    const [a, b] = [
      await renderInvoicePdf(invoiceFor('Łukasz Żółć')),
      await renderInvoicePdf(invoiceFor('Łukasz Żółć')),
    ];
    expect(a.equals(b)).toBe(true);
  });
});
