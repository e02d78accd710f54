// The worker thread's side of pdf-renderer.ts: one invoice, credit note or legal text rendered per task. Built to
// dist/server/services/billing/pdf-worker.js (package.json, build:server).
import '#server/stack-traces.ts';
import type { InvoiceData } from './invoice-pdf.ts';
import type { LegalPdfData } from './legal-pdf.ts';

// Loaded once source maps are on for this thread (stack-traces.ts): a static import would be loaded before.
const { renderInvoicePdf } = await import('./invoice-pdf.ts');
const { renderLegalPdf } = await import('./legal-pdf.ts');

export default function renderInThread(data: InvoiceData): Promise<Buffer> {
  return renderInvoicePdf(data);
}

/** A legal text (the CGV of the contract e-mail): the task named so by renderLegalPdfOffThread. */
export function renderLegal(data: LegalPdfData): Promise<Buffer> {
  return renderLegalPdf(data);
}
