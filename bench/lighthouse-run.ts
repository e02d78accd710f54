// One Lighthouse run (mobile, the default form factor) with Debian's Chromium, summed up: the four category scores,
// the main timings, the script transferred and the audits that failed. Used by bench/lighthouse.ts and by the
// browser test that keeps accessibility, best practices and SEO at 100 (tests/e2e/lighthouse.spec.ts).
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { browsersOf } from '../scripts/browsers.ts';

const run = promisify(execFile);
const FLAGS =
  '--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run --disable-quic';
const LIGHTHOUSE = path.resolve(import.meta.dirname, '../node_modules/.bin/lighthouse');

export type LighthouseSummary = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  totalBlockingTimeMs: number;
  cumulativeLayoutShift: number;
  /** every script the page loads without interaction, as transferred (Lighthouse's resource summary) */
  scriptTransferKb: number;
  /** the titles of the pass/fail audits that failed, what to fix when a score drops */
  failedAudits: string[];
};

type Audit = {
  score: number | null;
  title: string;
  scoreDisplayMode: string;
  numericValue?: number;
  details?: { items?: unknown[] };
};

/**
 * Lighthouse sometimes fails to record its trace of the page load at all (NO_NAVSTART): no measure, nothing about the
 * page, even alone on the machine. Such a run is taken again, at most twice; `onToolFailure` hears of each. Any other
 * failure, and every score, stands as it came.
 */
export async function runLighthouse(url: string, onToolFailure: () => void = () => {}): Promise<LighthouseSummary> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await runLighthouseOnce(url);
    } catch (error) {
      if (attempt >= 2 || !String((error as { stderr?: string }).stderr ?? error).includes('NO_NAVSTART')) throw error;
      onToolFailure();
    }
  }
}

async function runLighthouseOnce(url: string): Promise<LighthouseSummary> {
  const dir = await mkdtemp(path.join(tmpdir(), 'lighthouse-'));
  const out = path.join(dir, 'report.json');
  try {
    await run(
      LIGHTHOUSE,
      [
        url,
        '--quiet',
        '--output=json',
        `--output-path=${out}`,
        `--chrome-flags=${FLAGS}`,
        '--only-categories=performance,accessibility,best-practices,seo',
      ],
      {
        env: { ...process.env, CHROME_PATH: browsersOf(process.env).chromium.path },
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    const report = JSON.parse(await readFile(out, 'utf8')) as {
      categories: Record<string, { score: number }>;
      audits: Record<string, Audit>;
    };
    const score = (k: string) => Math.round(report.categories[k]!.score * 100);
    const audit = (k: string) => report.audits[k]!;
    const failedAudits = Object.values(report.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.title);
    const summary = (audit('resource-summary').details?.items ?? []) as Array<{
      resourceType: string;
      transferSize: number;
    }>;
    const scriptBytes = summary.find((item) => item.resourceType === 'script')?.transferSize ?? 0;
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      firstContentfulPaintMs: Math.round(audit('first-contentful-paint').numericValue ?? 0),
      largestContentfulPaintMs: Math.round(audit('largest-contentful-paint').numericValue ?? 0),
      totalBlockingTimeMs: Math.round(audit('total-blocking-time').numericValue ?? 0),
      cumulativeLayoutShift: audit('cumulative-layout-shift').numericValue ?? 0,
      scriptTransferKb: Math.round(scriptBytes / 102.4) / 10,
      failedAudits,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
