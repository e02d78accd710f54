import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { formatDate, formatEuro } from '#shared/format.ts';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '#shared/billing/payment-labels.ts';
import type { DocumentKind } from '#shared/billing/billing-labels.ts';
import { TEXT, TEXT_BOLD, embedDocumentFonts } from './pdf-fonts.ts';

/** One printed line; amounts as '12.50' strings (what the database holds), the tax columns shown when the rate is above 0. */
export type DocumentLine = {
  designation: string;
  /** period and devices, under the designation */
  detail: string;
  quantity: number;
  unitHt: string;
  ht: string;
  tax: string;
  ttc: string;
};

/**
 * Everything printed on an invoice or a credit note, frozen in `invoices.data` when it is issued; renderInvoicePdf
 * reads nothing else (no database, no configuration, no clock), so the same data gives the same bytes.
 */
export type InvoiceData = {
  kind: DocumentKind;
  number: string;
  /** the day of issue in Paris (YYYY-MM-DD) and the instant, which is also the PDF's creation date */
  issuedOn: string;
  issuedAt: string;
  orderId: number;
  orderDate: string;
  /** the subscription bought, first and last day included */
  periodStart: string;
  periodEnd: string;
  client: { name: string; email: string; phone: string };
  lines: DocumentLine[];
  totals: { ht: string; tax: string; ttc: string };
  /** percent, '0.00' when no VAT applies */
  taxRate: string;
  taxMention: string;
  /** a gifted subscription: 0 €, printed « OFFERT » */
  gifted: boolean;
  paymentMethod: PaymentMethod;
  /** the day the payment was received (an invoice is issued only for a paid order) */
  paymentDate: string;
  verificationKey: string;
  /** 'jd…42' when the client has an account: a reminder of the username; no part of a password is ever printed */
  usernameHint: string | null;
  seller: { siteName: string; legalName: string; address: string; email: string; phone: string; companyId: string };
  publicUrl: string;
  /** a credit note: the invoice it cancels, and why */
  credited: { number: string; issuedOn: string } | null;
  reason: string | null;
};

const INK = '#1f2937';
const MUTED = '#6b7280';
const ACCENT = '#1d4ed8';
const LEFT = 50;
const WIDTH = 495; // A4 width 595 pt minus 50 pt margins

const taxed = (data: InvoiceData) => Number(data.taxRate) > 0;
const percent = (rate: string) => `${Number(rate).toLocaleString('fr-FR', { maximumFractionDigits: 2 })} %`;
const money = (data: InvoiceData, amount: string) => (data.gifted ? 'OFFERT' : formatEuro(amount));

/** Seller, left; title, number and dates, right. */
function drawHeader(doc: PDFKit.PDFDocument, data: InvoiceData, title: string) {
  doc.fillColor(INK).font(TEXT_BOLD).fontSize(16).text(data.seller.siteName, LEFT, 50, { width: 280 });
  doc
    .font(TEXT)
    .fontSize(9)
    .fillColor(MUTED)
    .text(data.seller.legalName, { width: 280 })
    .text(data.seller.address, { width: 280 })
    .text(`${data.seller.email} · ${data.seller.phone}`, { width: 280 })
    .text(data.seller.companyId, { width: 280 });
  doc.font(TEXT_BOLD).fontSize(24).fillColor(ACCENT).text(title, 345, 50, { width: 200, align: 'right' });
  doc
    .font(TEXT)
    .fontSize(10)
    .fillColor(INK)
    .text(`N° ${data.number}`, 345, 82, { width: 200, align: 'right' })
    .text(`Date d'émission : ${formatDate(data.issuedOn)}`, { width: 200, align: 'right' })
    .text(`Commande du ${formatDate(data.orderDate)}`, { width: 200, align: 'right' });
  if (data.credited) {
    doc.text(`Sur la facture n° ${data.credited.number} du ${formatDate(data.credited.issuedOn)}`, {
      width: 200,
      align: 'right',
    });
  }
}

function drawClient(doc: PDFKit.PDFDocument, data: InvoiceData, creditNote: boolean) {
  doc
    .font(TEXT_BOLD)
    .fontSize(10)
    .fillColor(MUTED)
    .text(creditNote ? 'AVOIR AU PROFIT DE' : 'FACTURÉ À', LEFT, 150);
  doc.font(TEXT_BOLD).fontSize(12).fillColor(INK).text(data.client.name, LEFT, 165, { width: 300 });
  doc.font(TEXT).fontSize(10).text(data.client.email, { width: 300 });
  if (data.client.phone) doc.text(data.client.phone, { width: 300 });
}

/** The lines: designation and period, then the amounts (HT, TVA and TTC when a rate applies); returns where they end. */
function drawLines(doc: PDFKit.PDFDocument, data: InvoiceData): number {
  const top = 240;
  const columns = taxed(data)
    ? ([
        ['Prix unit. HT', 255],
        ['Total HT', 320],
        [`TVA ${percent(data.taxRate)}`, 385],
        ['Total TTC', 440],
      ] as const)
    : ([
        ['Qté', 290],
        ['Prix unitaire', 360],
        ['Montant', 420],
      ] as const);
  doc.rect(LEFT, top, WIDTH, 22).fill('#eff6ff');
  doc
    .fillColor(INK)
    .font(TEXT_BOLD)
    .fontSize(9)
    .text('Désignation', LEFT + 8, top + 7, { width: 190 });
  for (const [label, x] of columns) doc.text(label, LEFT + x - 8, top + 7, { width: 62, align: 'right' });
  let y = top + 32;
  const designationWidth = taxed(data) ? 190 : 250;
  for (const line of data.lines) {
    doc
      .font(TEXT)
      .fontSize(10)
      .fillColor(INK)
      .text(line.designation, LEFT + 8, y, { width: designationWidth });
    // The narrower column of a taxed invoice wraps the designation: the period goes under its last line.
    const designationHeight = doc.heightOfString(line.designation, { width: designationWidth });
    const values = taxed(data)
      ? [money(data, line.unitHt), money(data, line.ht), money(data, line.tax), money(data, line.ttc)]
      : [String(line.quantity), money(data, line.unitHt), money(data, line.ttc)];
    values.forEach((value, i) => doc.text(value, LEFT + columns[i]![1] - 8, y, { width: 62, align: 'right' }));
    const detailY = y + Math.max(14, designationHeight + 2);
    doc
      .fontSize(9)
      .fillColor(MUTED)
      .text(line.detail, LEFT + 8, detailY, { width: designationWidth });
    y = Math.max(y + 44, detailY + doc.heightOfString(line.detail, { width: designationWidth }) + 18);
  }
  doc
    .moveTo(LEFT, y)
    .lineTo(LEFT + WIDTH, y)
    .strokeColor('#d1d5db')
    .stroke();
  return y;
}

function drawTotals(doc: PDFKit.PDFDocument, data: InvoiceData, creditNote: boolean, linesEnd: number) {
  let y = linesEnd;
  y += 12;
  doc.font(TEXT).fontSize(10).fillColor(INK);
  if (taxed(data)) {
    doc
      .text(`Total HT : ${money(data, data.totals.ht)}`, LEFT, y, { width: WIDTH, align: 'right' })
      .text(`TVA ${percent(data.taxRate)} : ${money(data, data.totals.tax)}`, { width: WIDTH, align: 'right' });
    y = doc.y + 2;
  }
  const total = data.gifted ? 'OFFERT' : `${formatEuro(data.totals.ttc)} TTC`;
  doc
    .font(TEXT_BOLD)
    .fontSize(12)
    .text(`${creditNote ? 'Montant de l’avoir' : 'Total'} : ${total}`, LEFT, y, { width: WIDTH, align: 'right' });
  doc
    .font(TEXT)
    .fontSize(10)
    .fillColor(INK)
    .text('', LEFT, doc.y + 10);
  if (creditNote) {
    doc.text(`Motif : ${data.reason || 'annulation'}`, { width: WIDTH });
    doc.text(`Montant à rembourser ou à déduire : ${formatEuro(data.totals.ttc)}`, { width: WIDTH });
  } else {
    doc
      .text(`Moyen de paiement : ${PAYMENT_METHOD_LABELS[data.paymentMethod]}`, { width: WIDTH })
      .text(`${data.gifted ? 'Abonnement offert' : 'Payée'} le ${formatDate(data.paymentDate)}`, { width: WIDTH });
  }
  if (data.usernameHint) {
    doc
      .moveDown(0.5)
      .fillColor(MUTED)
      .text(`Identifiant : ${data.usernameHint} — connexion sur ${data.publicUrl}/client/login`, { width: WIDTH });
  }
}

/** The verification key and its QR code, which lead to /verify-invoice. */
function drawVerification(doc: PDFKit.PDFDocument, data: InvoiceData, qr: Buffer, verifyUrl: string) {
  const box = 540;
  doc.rect(LEFT, box, WIDTH, 110).strokeColor('#d1d5db').stroke();
  doc.image(qr, LEFT + 10, box + 10, { width: 90, height: 90 });
  doc
    .fillColor(INK)
    .font(TEXT_BOLD)
    .fontSize(10)
    .text('Clé de vérification', LEFT + 115, box + 18);
  doc
    .font('Courier-Bold')
    .fontSize(14)
    .fillColor(ACCENT)
    .text(data.verificationKey, LEFT + 115, box + 34);
  doc
    .font(TEXT)
    .fontSize(9)
    .fillColor(MUTED)
    .text('Scannez le code ou saisissez la clé sur', LEFT + 115, box + 58, { width: 370 })
    .text(`${data.publicUrl}/verify-invoice`, { width: 370, link: verifyUrl });
}

function drawLegalFooter(doc: PDFKit.PDFDocument, data: InvoiceData) {
  doc
    .font(TEXT)
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(data.taxMention, LEFT, 730, { width: WIDTH, align: 'center' })
    .text(`${data.seller.legalName} — ${data.seller.address} — ${data.seller.companyId}`, {
      width: WIDTH,
      align: 'center',
    });
}

/** An A4 invoice or credit note in Noto Sans (pdf-fonts.ts): a client's name prints as typed, whatever its accents. */
export async function renderInvoicePdf(data: InvoiceData): Promise<Buffer> {
  const verifyUrl = `${data.publicUrl}/verify-invoice?key=${encodeURIComponent(data.verificationKey)}`;
  const qr = await QRCode.toBuffer(verifyUrl, { type: 'png', margin: 1, width: 240, errorCorrectionLevel: 'M' });
  const creditNote = data.kind === 'credit_note';
  const title = creditNote ? 'AVOIR' : 'FACTURE';
  const issued = new Date(data.issuedAt);

  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    // The creation date is the issue: pdfkit would otherwise stamp « now » (and derive the file ID from it).
    info: {
      Title: `${creditNote ? 'Avoir' : 'Facture'} ${data.number}`,
      Author: data.seller.legalName,
      Subject: `${data.lines[0]?.designation ?? ''} – ${data.client.name}`,
      CreationDate: issued,
      ModDate: issued,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  embedDocumentFonts(doc);
  drawHeader(doc, data, title);
  drawClient(doc, data, creditNote);
  drawTotals(doc, data, creditNote, drawLines(doc, data));
  drawVerification(doc, data, qr, verifyUrl);
  drawLegalFooter(doc, data);
  doc.end();
  return done;
}
