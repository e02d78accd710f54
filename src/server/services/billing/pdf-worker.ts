// The worker thread's side of pdf-renderer.ts: one invoice or credit note rendered per task. Built to
// dist/server/services/billing/pdf-worker.js (package.json, build:server).
import { renderInvoicePdf, type InvoiceData } from './invoice-pdf';

export default function renderInThread(data: InvoiceData): Promise<Buffer> {
  return renderInvoicePdf(data);
}
