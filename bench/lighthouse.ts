// Lighthouse (mobile, the default form factor) on the landing page served by the built app, with Debian's Chromium.
// Writes bench/results/lighthouse.json with the four category scores, the main timings and the script transferred.
import { execFile } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { startServer } from './server';

const run = promisify(execFile);
const FLAGS = '--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run --disable-quic';

export async function measureLighthouse(pages = ['/']) {
  const server = await startServer(3310);
  const results: Record<string, unknown> = {};
  try {
    for (const page of pages) {
      const out = `bench/results/lighthouse-${page === '/' ? 'home' : page.replace(/\W+/g, '')}.tmp`;
      await run('npx', ['lighthouse', server.url + page, '--quiet', '--output=json', `--output-path=${out}`,
        `--chrome-flags=${FLAGS}`, '--only-categories=performance,accessibility,best-practices,seo'],
      { env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' }, maxBuffer: 64 * 1024 * 1024 });
      const report = JSON.parse(await readFile(out, 'utf8'));
      await rm(out);
      const score = (k: string) => Math.round(report.categories[k].score * 100);
      const failed = Object.values(report.audits as Record<string, { score: number | null; title: string; scoreDisplayMode: string }>)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary').map((a) => a.title);
      // Lighthouse's resource summary: every script the page loads without interaction, as transferred.
      const summary = report.audits['resource-summary'].details.items as Array<{ resourceType: string; transferSize: number }>;
      const scriptBytes = summary.find((item) => item.resourceType === 'script')?.transferSize ?? 0;
      results[page] = {
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        firstContentfulPaintMs: Math.round(report.audits['first-contentful-paint'].numericValue),
        largestContentfulPaintMs: Math.round(report.audits['largest-contentful-paint'].numericValue),
        totalBlockingTimeMs: Math.round(report.audits['total-blocking-time'].numericValue),
        cumulativeLayoutShift: report.audits['cumulative-layout-shift'].numericValue,
        scriptTransferKb: Math.round(scriptBytes / 102.4) / 10,
        failedAudits: failed,
      };
    }
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
