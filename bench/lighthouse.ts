// Lighthouse (mobile, the default form factor) on the landing page served by the built app, with Debian's Chromium.
// Writes bench/results/lighthouse.json with the four category scores, the main timings and the script transferred.
import { mkdir, writeFile } from 'node:fs/promises';
import { runLighthouse, type LighthouseSummary } from './lighthouse-run';
import { startServer } from './server';

export async function measureLighthouse(pages = ['/']) {
  const server = await startServer(3310);
  const results: Record<string, LighthouseSummary> = {};
  try {
    for (const page of pages) results[page] = await runLighthouse(server.url + page);
  } finally {
    await server.stop();
  }
  const result = { measuredAt: new Date().toISOString(), formFactor: 'mobile', targets: { performance: 95, accessibility: 100, bestPractices: 100, seo: 100 }, pages: results };
  await mkdir('bench/results', { recursive: true });
  await writeFile('bench/results/lighthouse.json', `${JSON.stringify(result, null, 2)}\n`);
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await measureLighthouse(process.argv.slice(2).length ? process.argv.slice(2) : ['/']);
  console.log(JSON.stringify(r.pages, null, 2));
}
