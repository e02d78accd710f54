import { describe, expect, it } from 'vitest';
import { pdfText } from '#server/test/pdf-text.ts';
import { sampleInvoiceData } from '#server/test/invoice-data.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';

const invoiceFor = (clientName: string, reason: string | null = null) => ({
  ...sampleInvoiceData(7, clientName),
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
