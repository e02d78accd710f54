import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { formatDate, formatEuro, invoiceNumber } from '../../shared/format';
import { PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS, type PaymentMethod, type PaymentStatus } from '../../shared/labels';
import { devicesLabel, type Plan } from '../../shared/plans';

/** Everything printed on an invoice; renderInvoicePdf reads nothing else (no database, no configuration). */
export type InvoiceData = {
  orderId: number;
  orderDate: string;
  /** the subscription the order buys, first and last day included */
  periodStart: string;
  periodEnd: string;
  client: { name: string; email: string; phone: string };
  plan: Plan;
  price: string;
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
  verificationKey: string;
  /** 'jd…42' when the client has an account: a reminder of the username; no part of a password is ever printed */
  usernameHint: string | null;
  seller: { siteName: string; legalName: string; address: string; email: string; phone: string; companyId: string };
  publicUrl: string;
  taxMention: string;
};

const INK = '#1f2937';
const MUTED = '#6b7280';
const ACCENT = '#1d4ed8';
const LEFT = 50;
const WIDTH = 495; // A4 width 595 pt minus 50 pt margins

/** An A4 invoice in the standard Helvetica fonts, whose WinAnsi encoding carries French accents and €. */
export async function renderInvoicePdf(data: InvoiceData): Promise<Buffer> {
  const verifyUrl = `${data.publicUrl}/verify-invoice?key=${encodeURIComponent(data.verificationKey)}`;
  const qr = await QRCode.toBuffer(verifyUrl, { type: 'png', margin: 1, width: 240, errorCorrectionLevel: 'M' });
  const number = invoiceNumber(data.orderId);
  const gifted = data.paymentMethod === 'offert';

  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Facture ${number}`, Author: data.seller.legalName, Subject: `${data.plan.name} – ${data.client.name}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // Seller, left; title and number, right.
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(16).text(data.seller.siteName, LEFT, 50, { width: 280 });
  doc.font('Helvetica').fontSize(9).fillColor(MUTED)
    .text(data.seller.legalName, { width: 280 })
    .text(data.seller.address, { width: 280 })
    .text(`${data.seller.email} · ${data.seller.phone}`, { width: 280 })
    .text(data.seller.companyId, { width: 280 });
  doc.font('Helvetica-Bold').fontSize(24).fillColor(ACCENT).text('FACTURE', 345, 50, { width: 200, align: 'right' });
  doc.font('Helvetica').fontSize(10).fillColor(INK)
    .text(`N° ${number}`, 345, 82, { width: 200, align: 'right' })
    .text(`Date : ${formatDate(data.orderDate)}`, { width: 200, align: 'right' });

  // Client.
  doc.font('Helvetica-Bold').fontSize(10).fillColor(MUTED).text('FACTURÉ À', LEFT, 150);
  doc.font('Helvetica-Bold').fontSize(12).fillColor(INK).text(data.client.name, LEFT, 165, { width: 300 });
  doc.font('Helvetica').fontSize(10).text(data.client.email, { width: 300 });
  if (data.client.phone) doc.text(data.client.phone, { width: 300 });

  // The line: plan, period, devices, amount.
  const top = 240;
  doc.rect(LEFT, top, WIDTH, 22).fill('#eff6ff');
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(10)
    .text('Désignation', LEFT + 8, top + 7, { width: 150 })
    .text('Période', LEFT + 160, top + 7, { width: 190 })
    .text('Appareils', LEFT + 355, top + 7, { width: 60 })
    .text('Montant', LEFT + 415, top + 7, { width: 72, align: 'right' });
  const period = `${data.plan.durationText}, du ${formatDate(data.periodStart)} au ${formatDate(data.periodEnd)}`;
  doc.font('Helvetica').fontSize(10)
    .text(`Abonnement ${data.plan.name}`, LEFT + 8, top + 32, { width: 150 })
    .text(period, LEFT + 160, top + 32, { width: 190 })
    .text(devicesLabel(data.plan.maxDevices), LEFT + 355, top + 32, { width: 60 })
    .text(gifted ? 'OFFERT' : formatEuro(data.price), LEFT + 415, top + 32, { width: 72, align: 'right' });
  doc.moveTo(LEFT, top + 62).lineTo(LEFT + WIDTH, top + 62).strokeColor('#d1d5db').stroke();

  doc.font('Helvetica-Bold').fontSize(12)
    .text(`Total : ${gifted ? 'OFFERT' : `${formatEuro(data.price)} TTC`}`, LEFT, top + 75, { width: WIDTH, align: 'right' });
  doc.font('Helvetica').fontSize(10)
    .text(`Moyen de paiement : ${PAYMENT_METHOD_LABELS[data.paymentMethod]}`, LEFT, top + 100)
    .text(`Statut : ${PAYMENT_STATUS_LABELS[data.paymentStatus]}`);
  if (data.usernameHint) {
    doc.moveDown(0.5).fillColor(MUTED)
      .text(`Identifiant : ${data.usernameHint} — connexion sur ${data.publicUrl}/client/login`, { width: WIDTH });
  }

  // Verification key and its QR code.
  const box = 470;
  doc.rect(LEFT, box, WIDTH, 110).strokeColor('#d1d5db').stroke();
  doc.image(qr, LEFT + 10, box + 10, { width: 90, height: 90 });
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(10).text('Clé de vérification', LEFT + 115, box + 18);
  doc.font('Courier-Bold').fontSize(14).fillColor(ACCENT).text(data.verificationKey, LEFT + 115, box + 34);
  doc.font('Helvetica').fontSize(9).fillColor(MUTED)
    .text('Scannez le code ou saisissez la clé sur', LEFT + 115, box + 58, { width: 370 })
    .text(`${data.publicUrl}/verify-invoice`, { width: 370, link: verifyUrl });

  // Legal footer.
  doc.font('Helvetica').fontSize(8.5).fillColor(MUTED)
    .text(data.taxMention, LEFT, 740, { width: WIDTH, align: 'center' })
    .text(`${data.seller.legalName} — ${data.seller.address} — ${data.seller.companyId}`, { width: WIDTH, align: 'center' });

  doc.end();
  return done;
}
