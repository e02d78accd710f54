// The CGV a client accepted, as a PDF joined to the contract confirmation (L221-13: the contract on a durable medium;
// docs/decisions/041). Printed from the same text as the /cgv page (shared/orders/cgv-text.ts).
import type { MailDocuments } from '#server/services/mail/delivery.ts';
import type { MailAttachment } from '#server/services/mail/mailer.ts';
import type { LegalPdfData, PdfBlock, PdfRun } from '#server/services/billing/legal-pdf.ts';
import { renderLegalPdfOffThread } from '#server/services/billing/pdf-renderer.ts';
import type { SiteInfo } from '#shared/site.ts';
import { findCgvVersion, type CgvVersion } from '#shared/orders/cgv-versions.ts';
import { CGV_TEXT } from '#shared/orders/cgv-text.ts';
import { catalogueTable, type Inline, type LegalBlock } from '#shared/orders/legal-text.ts';
import { withdrawalFormLines } from '#shared/orders/withdrawal-form.ts';

/**
 * French spacing kept on paper: the space inside « » and before : ; ? ! € becomes a no-break space, so a line never
 * starts with the sign, and a number's groups (a phone number, 10 000) stay on one line (the page leaves that to the
 * browser's width).
 */
const french = (text: string) =>
  text
    .replace(/« /g, '«\u00a0')
    .replace(/ ([»:;?!€])/g, '\u00a0$1')
    .replace(/(\d) (?=\d)/g, '$1\u00a0');

/** A sentence as printed: a link keeps its words, followed by its address when the words do not already say it. */
function printed(text: Inline[], site: SiteInfo): PdfRun[] {
  return text.map((piece): PdfRun => {
    if (typeof piece === 'string') return { text: french(piece) };
    if ('bold' in piece) return { text: french(piece.bold), bold: true };
    const address = piece.href.startsWith('/') ? `${site.publicUrl}${piece.href}` : piece.href;
    const said = address === piece.link || address === `mailto:${piece.link}`;
    return { text: said ? piece.link : `${piece.link} (${address})` };
  });
}

function printedBlock(block: LegalBlock, site: SiteInfo): PdfBlock {
  if ('p' in block) return { kind: 'paragraph', runs: printed(block.p, site) };
  if ('ul' in block) return { kind: 'list', ordered: false, items: block.ul.map((item) => printed(item, site)) };
  if ('ol' in block) return { kind: 'list', ordered: true, items: block.ol.map((item) => printed(item, site)) };
  if ('h3' in block) return { kind: 'heading', text: french(block.h3) };
  if ('table' in block) return { kind: 'table', ...catalogueTable(block.table) };
  return { kind: 'form', lines: withdrawalFormLines(site).map((line) => ({ ...line, text: french(line.text) })) };
}

/** Everything the PDF of one version prints: the company from settings, the version's sections as the page has them. */
function cgvPdfData(version: CgvVersion, site: SiteInfo): LegalPdfData {
  const label = findCgvVersion(version)!.label;
  return {
    title: 'Conditions générales de vente',
    subtitle: `Version du ${label}`,
    date: version,
    seller: {
      siteName: site.siteName,
      legalName: site.legalName,
      address: site.address,
      email: site.email,
      phone: site.phone,
      companyId: site.companyId,
    },
    sections: CGV_TEXT[version](site).map((section) => ({
      title: french(section.title),
      blocks: section.blocks.map((block) => printedBlock(block, site)),
    })),
    footer: `${site.siteName} — Conditions générales de vente, version du ${label}`,
  };
}

/**
 * What the mail workers join to a contract confirmation: the PDF of the CGV version its order accepted. A version never
 * changes, so each is drawn once (off the event loop) and kept; a failed drawing is forgotten and tried again with
 * the message's next attempt.
 */
export function contractMails(deps: { site: SiteInfo }): Pick<MailDocuments, 'contract_confirmation'> {
  const drawn = new Map<CgvVersion, Promise<Buffer>>();
  const pdfOf = (version: CgvVersion) => {
    let pdf = drawn.get(version);
    if (!pdf) {
      pdf = renderLegalPdfOffThread(cgvPdfData(version, deps.site));
      drawn.set(version, pdf);
      pdf.catch(() => drawn.delete(version));
    }
    return pdf;
  };
  return {
    async contract_confirmation(params) {
      const version = findCgvVersion(params.cgvVersion)?.version;
      if (!version)
        throw new Error(`La version ${params.cgvVersion} des CGV est inconnue : elle ne peut pas être jointe`);
      const attachment: MailAttachment = {
        filename: `cgv-${version}.pdf`,
        content: await pdfOf(version),
        contentType: 'application/pdf',
      };
      return { params, attachments: [attachment] };
    },
  };
}
