import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { InvoiceData } from './invoice-pdf.ts';
import type { LegalPdfData } from './legal-pdf.ts';

/**
 * Invoice and credit-note PDFs, and the CGV joined to the contract e-mail, are drawn in a worker thread: one takes
 * milliseconds of CPU (pdfkit, its fonts, the QR code; docs/quality.md « Figures behind the code »), time during which
 * the event loop would answer nobody else. The pool holds one thread less than the machine has cores (at least one),
 * starts on the first PDF and lets an idle thread go after a minute, so a server that renders none keeps neither the
 * thread nor pdfkit in memory.
 *
 * From the sources (tests, `npm run dev`, `npm run restore`) the thread loads pdf-worker.ts beside this file through
 * tsx; once built, this code sits in a chunk at the top of dist/server and the worker in dist/server/services/billing
 * (package.json, build:server keeps the sources' folders under src/server).
 */
const FROM_SOURCES = import.meta.url.endsWith('.ts');
const WORKER = FROM_SOURCES ? './pdf-worker.ts' : './services/billing/pdf-worker.js';
let pool: Piscina<InvoiceData | LegalPdfData, Uint8Array> | undefined;

function renderers() {
  pool ??= new Piscina({
    filename: new URL(WORKER, import.meta.url).href,
    minThreads: 0,
    maxThreads: Math.max(1, availableParallelism() - 1),
    idleTimeout: 60_000,
    ...(FROM_SOURCES ? { execArgv: ['--import', 'tsx'] } : {}),
  });
  return pool;
}

/** What the thread returns arrives as a structured clone: a Uint8Array, made a Buffer again without a copy. */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The same bytes renderInvoicePdf gives for the same data, drawn off the event loop. */
export async function renderPdfOffThread(data: InvoiceData): Promise<Buffer> {
  return asBuffer(await renderers().run(data));
}

/** The same bytes renderLegalPdf gives for the same data, drawn off the event loop (pdf-worker.ts, renderLegal). */
export async function renderLegalPdfOffThread(data: LegalPdfData): Promise<Buffer> {
  return asBuffer(await renderers().run(data, { name: 'renderLegal' }));
}
