// The worker thread's side of pdf-renderer.ts: one invoice or credit note rendered per task. Built to
// dist/server/services/billing/pdf-worker.js (package.json, build:server).
import '../../stack-traces';
import type { InvoiceData } from './invoice-pdf';

// Loaded once source maps are on for this thread (stack-traces.ts): a static import would be loaded before.
const { renderInvoicePdf } = await import('./invoice-pdf');

export default function renderInThread(data: InvoiceData): Promise<Buffer> {
  return renderInvoicePdf(data);
}
