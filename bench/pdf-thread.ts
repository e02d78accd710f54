// Invoice PDFs drawn on the event loop or in the worker thread (decision 023), in alternating rounds of one run: while
// 4 PDFs at a time are drawn (BENCH_PDFS per round, default 200), how late does the event loop answer? That lateness is
// what every other request of the server waits on top of its own time. Also the PDFs drawn per second each way.
// No build needed. Writes bench/results/pdf-thread.json.
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sampleInvoiceData } from '#server/test/invoice-data.ts';
import { renderInvoicePdf, type InvoiceData } from '#server/services/billing/invoice-pdf.ts';
import { renderPdfOffThread } from '#server/services/billing/pdf-renderer.ts';
import { median } from './alternating.ts';

const PDFS = Number(process.env.BENCH_PDFS ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const AT_ONCE = 4;

const dataOf = (n: number): InvoiceData => sampleInvoiceData(n);

const WAYS = { onEventLoop: renderInvoicePdf, inWorkerThread: renderPdfOffThread };
type Way = keyof typeof WAYS;

async function round(way: Way) {
  const render = WAYS[way];
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const start = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      while (next < PDFS) await render(dataOf(next++));
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  delay.disable();
  const ms = (ns: number) => Number((ns / 1e6).toFixed(2));
  return {
    pdfsPerSecond: Math.round(PDFS / seconds),
    loopDelayP99Ms: ms(delay.percentile(99)),
    loopDelayMaxMs: ms(delay.max),
  };
}

export async function measurePdfThread() {
  await round('onEventLoop');
  await round('inWorkerThread'); // warm-up: the thread starts, both ways compile
  const rounds: Array<Record<Way, Awaited<ReturnType<typeof round>>>> = [];
  for (let i = 0; i < ROUNDS; i++) {
    // Alternately first, so that neither way always runs on a machine warmed (or loaded) by the other.
    const order: Way[] = i % 2 ? ['inWorkerThread', 'onEventLoop'] : ['onEventLoop', 'inWorkerThread'];
    const figures = {} as Record<Way, Awaited<ReturnType<typeof round>>>;
    for (const way of order) figures[way] = await round(way);
    rounds.push(figures);
  }
  const medianOf = (way: Way, figure: keyof Awaited<ReturnType<typeof round>>) =>
    Number(median(rounds.map((r) => r[way][figure])).toFixed(2));
  const summary = Object.fromEntries(
    (Object.keys(WAYS) as Way[]).map((way) => [
      way,
      {
        pdfsPerSecond: medianOf(way, 'pdfsPerSecond'),
        loopDelayP99Ms: medianOf(way, 'loopDelayP99Ms'),
        loopDelayMaxMs: medianOf(way, 'loopDelayMaxMs'),
      },
    ]),
  );
  const result = {
    date: new Date().toISOString(),
    loadAverageAtEnd: os.loadavg()[0],
    pdfsPerRound: PDFS,
    atOnce: AT_ONCE,
    rounds: ROUNDS,
    summary,
    perRound: rounds,
  };
  await mkdir(path.join(import.meta.dirname, 'results'), { recursive: true });
  await writeFile(path.join(import.meta.dirname, 'results', 'pdf-thread.json'), `${JSON.stringify(result, null, 2)}\n`);
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify((await measurePdfThread()).summary, null, 2));
  process.exit(0);
}
