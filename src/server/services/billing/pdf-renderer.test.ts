import { describe, expect, it } from 'vitest';
import { pdfText } from '#server/test/pdf-text.ts';
import { sampleInvoiceData } from '#server/test/invoice-data.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { renderLegalPdf, type LegalPdfData } from './legal-pdf.ts';
import { renderLegalPdfOffThread, renderPdfOffThread } from './pdf-renderer.ts';

const data = (n: number) => sampleInvoiceData(n, `Élodie Bérénger ${n}`);

describe('invoice PDFs drawn in a worker thread', () => {
  it('gives the very bytes the renderer gives in the process, as a Buffer', async () => {
    const [inThread, inProcess] = await Promise.all([renderPdfOffThread(data(1)), renderInvoicePdf(data(1))]);
    expect(Buffer.isBuffer(inThread)).toBe(true);
    expect(inThread.equals(inProcess)).toBe(true);
    const text = await pdfText(inThread);
    expect(text).toContain('FACTURE');
    expect(text).toContain('Élodie Bérénger 1');
  });

  it('keeps each document to its own data when several are asked at once', async () => {
    const numbers = [2, 3, 4, 5, 6];
    const pdfs = await Promise.all(numbers.map((n) => renderPdfOffThread(data(n))));
    const texts = await Promise.all(pdfs.map(pdfText));
    texts.forEach((text, i) => expect(text).toContain(`Élodie Bérénger ${numbers[i]}`));
  });
});

describe('legal text PDFs drawn in a worker thread', () => {
  const paragraph =
    'Une phrase assez longue pour être coupée à la fin de la ligne, avec des « guillemets » et 10,00 €. ';
  const legal: LegalPdfData = {
    title: 'Conditions générales de vente',
    subtitle: 'Version du 27 novembre 2026',
    date: '2026-11-27',
    seller: {
      siteName: 'RFS Assistance',
      legalName: 'RFS Assistance LLC',
      address: 'Sheridan, WY',
      email: 'contact@exemple.fr',
      phone: '+33 1 00 00 00 00',
      companyId: 'LLC 1',
    },
    // Enough sections to fill several pages.
    sections: Array.from({ length: 12 }, (_, i) => ({
      title: `Article ${i + 1}`,
      blocks: [
        { kind: 'paragraph', runs: [{ text: 'En gras : ', bold: true }, { text: paragraph.repeat(6) }] },
        { kind: 'list', ordered: true, items: [[{ text: 'premier point' }], [{ text: 'second point' }]] },
      ],
    })),
    footer: 'RFS Assistance — Conditions générales de vente',
  };

  it('gives the very bytes the renderer gives in the process, each page numbered', async () => {
    const [inThread, inProcess] = await Promise.all([renderLegalPdfOffThread(legal), renderLegalPdf(legal)]);
    expect(inThread.equals(inProcess)).toBe(true);
    const pages = (await pdfText(inThread)).split('\f');
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => expect(page).toContain(`Page ${i + 1} sur ${pages.length}`));
    expect(pages[0]).toContain('« guillemets » et 10,00 €');
  });
});
