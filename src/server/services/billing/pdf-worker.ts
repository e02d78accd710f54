// The worker thread's side of pdf-renderer.ts: one invoice or credit note rendered per task. Built to
// dist/server/services/billing/pdf-worker.js (package.json, build:server).
import '#server/stack-traces.ts';
import type { InvoiceData } from './invoice-pdf.ts';

// Loaded once source maps are on for this thread (stack-traces.ts): a static import would be loaded before.
const { renderInvoicePdf } = await import('./invoice-pdf.ts');

export default function renderInThread(data: InvoiceData): Promise<Buffer> {
  return renderInvoicePdf(data);
}
