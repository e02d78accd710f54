import PDFDocument from 'pdfkit';

/** A piece of a paragraph; links arrive already written out (the page's address after its words). */
export type PdfRun = { text: string; bold?: true };

export type PdfBlock =
  | { kind: 'paragraph'; runs: PdfRun[] }
  | { kind: 'list'; ordered: boolean; items: PdfRun[][] }
  | { kind: 'heading'; text: string }
  | { kind: 'table'; columns: Array<{ title: string; align?: 'right' }>; rows: string[][] }
  /** a form to fill in, framed: its lines, those to complete followed by dots */
  | { kind: 'form'; lines: Array<{ text: string; blank?: true }> };

/**
 * A legal text as printed (the CGV joined to the contract e-mail): everything the page shows, already resolved, so
 * renderLegalPdf reads nothing else and the same data gives the same bytes.
 */
export type LegalPdfData = {
  title: string;
  /** under the title: which version, of when */
  subtitle: string;
  /** the version's day (YYYY-MM-DD): the PDF's creation date */
  date: string;
  seller: { siteName: string; legalName: string; address: string; email: string; phone: string; companyId: string };
  sections: Array<{ title: string; blocks: PdfBlock[] }>;
  /** at the foot of every page, before its number */
  footer: string;
};

const INK = '#1f2937';
const MUTED = '#6b7280';
const ACCENT = '#1d4ed8';
const RULE = '#d1d5db';
const LEFT = 50;
const WIDTH = 495; // A4 width 595 pt minus 50 pt margins
const BOTTOM = 842 - 60; // the last line's baseline leaves room for the page number
const BODY = 10;

type Doc = PDFKit.PDFDocument;

/** A new page when less than `height` is left on this one. */
function room(doc: Doc, height: number) {
  if (doc.y + height > BOTTOM) doc.addPage();
}

/** Runs of normal and bold text wrapped as one paragraph, from x over width. */
function runs(doc: Doc, pieces: PdfRun[], x: number, width: number) {
  const kept = pieces.filter((piece) => piece.text !== '');
  const y = doc.y;
  kept.forEach((piece, i) => {
    doc.font(piece.bold ? 'Helvetica-Bold' : 'Helvetica');
    const options = { width, continued: i < kept.length - 1, lineGap: 2 };
    if (i === 0) doc.text(piece.text, x, y, options);
    else doc.text(piece.text, options);
  });
}

function drawTable(doc: Doc, block: Extract<PdfBlock, { kind: 'table' }>) {
  // The first column holds the plan's name; the others share what is left.
  const first = 90;
  const other = (WIDTH - first) / (block.columns.length - 1);
  const widths = block.columns.map((_, i) => (i === 0 ? first : other));
  const xs = widths.map((_, i) => LEFT + widths.slice(0, i).reduce((sum, w) => sum + w, 0));
  const pad = 4;
  const row = (cells: string[], bold: boolean, shade: boolean) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    const height = rowHeight(cells);
    room(doc, height);
    const top = doc.y;
    if (shade) doc.rect(LEFT, top, WIDTH, height).fill('#eff6ff');
    doc.fillColor(INK);
    cells.forEach((cell, i) => {
      const cellBold = bold || i === 0;
      doc.font(cellBold ? 'Helvetica-Bold' : 'Helvetica').text(cell, xs[i]! + pad, top + pad, {
        width: widths[i]! - 2 * pad,
        align: block.columns[i]?.align ?? 'left',
      });
    });
    doc
      .moveTo(LEFT, top + height)
      .lineTo(LEFT + WIDTH, top + height)
      .strokeColor(RULE)
      .lineWidth(0.5)
      .stroke();
    doc.y = top + height;
  };
  // A table that fits on a page is not cut: it starts on the next one when too little is left.
  doc.font('Helvetica').fontSize(9);
  const rowHeight = (cells: string[]) =>
    Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: widths[i]! - 2 * pad }))) + 2 * pad;
  room(
    doc,
    [block.columns.map((c) => c.title), ...block.rows].reduce((sum, cells) => sum + rowHeight(cells), 0),
  );
  row(
    block.columns.map((c) => c.title),
    true,
    true,
  );
  for (const cells of block.rows) row(cells, false, false);
  doc.x = LEFT;
}

function drawForm(doc: Doc, block: Extract<PdfBlock, { kind: 'form' }>) {
  const pad = 10;
  const inner = WIDTH - 2 * pad;
  const lines = block.lines.map((line) => (line.blank ? `${line.text} ……………………………………` : line.text));
  doc.font('Helvetica').fontSize(BODY);
  const height =
    lines.reduce((sum, line) => sum + doc.heightOfString(line, { width: inner, lineGap: 2 }) + 6, 0) + 2 * pad - 6;
  room(doc, height);
  const top = doc.y;
  doc.fillColor(INK).text('', LEFT + pad, top + pad);
  lines.forEach((line, i) => {
    doc.text(line, LEFT + pad, doc.y, { width: inner, lineGap: 2 });
    if (i < lines.length - 1) doc.moveDown(0.4);
  });
  // The frame drawn around what the lines took (the estimate above only keeps the form on one page).
  const bottom = doc.y + pad - 2;
  doc
    .rect(LEFT, top, WIDTH, bottom - top)
    .strokeColor(MUTED)
    .lineWidth(0.75)
    .stroke();
  doc.y = bottom;
  doc.x = LEFT;
}

function drawBlock(doc: Doc, block: PdfBlock) {
  doc.fillColor(INK).fontSize(BODY);
  switch (block.kind) {
    case 'paragraph':
      room(doc, 30);
      runs(doc, block.runs, LEFT, WIDTH);
      break;
    case 'heading':
      room(doc, 50);
      doc.font('Helvetica-Bold').fontSize(11).text(block.text, LEFT, doc.y, { width: WIDTH });
      break;
    case 'list':
      block.items.forEach((item, i) => {
        room(doc, 26);
        const top = doc.y;
        doc
          .font('Helvetica')
          .fontSize(BODY)
          .text(block.ordered ? `${i + 1}.` : '•', LEFT + 4, top, { width: 14 });
        doc.y = top;
        runs(doc, item, LEFT + 20, WIDTH - 20);
        if (i < block.items.length - 1) doc.moveDown(0.3);
      });
      break;
    case 'table':
      drawTable(doc, block);
      break;
    case 'form':
      drawForm(doc, block);
      break;
  }
  doc.x = LEFT;
  doc.moveDown(0.7);
}

function drawHeader(doc: Doc, data: LegalPdfData) {
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(14).text(data.seller.siteName, LEFT, 50, { width: WIDTH });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(`${data.seller.legalName} — ${data.seller.companyId}`, { width: WIDTH })
    .text(data.seller.address, { width: WIDTH })
    .text(`${data.seller.email} · ${data.seller.phone}`, { width: WIDTH });
  doc.moveDown(1.5);
  doc.font('Helvetica-Bold').fontSize(20).fillColor(ACCENT).text(data.title, { width: WIDTH });
  doc.font('Helvetica').fontSize(11).fillColor(INK).text(data.subtitle, { width: WIDTH });
  doc.moveDown(1);
}

/** Each page's foot: the document's name, then « Page n sur N ». */
function drawPageNumbers(doc: Doc, footer: string) {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    // Written below the bottom margin: without it pdfkit would open a new page.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(footer, LEFT, 842 - 40, { width: 380, lineBreak: false })
      .text(`Page ${i - start + 1} sur ${count}`, LEFT + 380, 842 - 40, {
        width: WIDTH - 380,
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins.bottom = margin;
  }
}

/** An A4 legal text in the standard Helvetica fonts, whose WinAnsi encoding carries French accents, « », ’ and €. */
export function renderLegalPdf(data: LegalPdfData): Promise<Buffer> {
  const date = new Date(`${data.date}T12:00:00Z`);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    bufferPages: true,
    // The version's day, not « now »: the same version gives the same bytes.
    info: {
      Title: `${data.title} — ${data.subtitle}`,
      Author: data.seller.legalName,
      CreationDate: date,
      ModDate: date,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  drawHeader(doc, data);
  data.sections.forEach((section, i) => {
    room(doc, 70);
    doc.moveDown(0.5);
    doc
      .font('Helvetica-Bold')
      .fontSize(13)
      .fillColor(ACCENT)
      .text(`${i + 1}. ${section.title}`, LEFT, doc.y, { width: WIDTH });
    doc.moveDown(0.4);
    for (const block of section.blocks) drawBlock(doc, block);
  });
  drawPageNumbers(doc, data.footer);
  doc.end();
  return done;
}
