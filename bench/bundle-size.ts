// Measures what the landing page must download before it is interactive: the entry chunk, its static imports
// and its CSS, gzip-compressed, from the Vite manifest of the last build. Writes bench/results/bundle-size.json.
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

type Chunk = {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  isEntry?: boolean;
  name?: string;
};

const dist = path.resolve(process.env.RFS_DIST ?? 'dist', 'client');
const LANDING_BUDGET_KB = 90;

async function gz(file: string): Promise<number> {
  return gzipSync(await readFile(path.join(dist, file)), { level: 9 }).length;
}

/**
 * Every chunk the landing page loads without any interaction: the entry and the sections below the hero (loaded at
 * hydration: the hero's figures are in that chunk), each with its static imports. Lighthouse's « script transferred »
 * on `/` counts the same files.
 */
export const LANDING_ROUTE_CHUNKS = ['src/client/pages/public/landing/landing-sections.tsx'];
/** Fetched when the visitor scrolls near the contact form or enters it (lib/when-near.ts). */
const NEAR_CONTACT_CHUNKS = ['src/client/pages/public/landing/contact-form.tsx'];

async function readManifest(): Promise<Record<string, Chunk>> {
  return JSON.parse(await readFile(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
}

/** The files of these chunks and of everything they import statically, with their CSS. */
function closure(manifest: Record<string, Chunk>, keys: string[]) {
  const files = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.css?.forEach((c) => css.add(c));
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return { files, css };
}

/** gzip kB of every script `/` loads without interaction (the figure `npm test` keeps under its budget). */
export async function landingPageScriptKb(extra: string[] = []): Promise<number> {
  const manifest = await readManifest();
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  let bytes = 0;
  for (const f of closure(manifest, [entryKey, ...LANDING_ROUTE_CHUNKS, ...extra]).files) bytes += await gz(f);
  return Math.round(bytes / 102.4) / 10;
}

export async function measureBundles() {
  const manifest = await readManifest();
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const { files: critical, css } = closure(manifest, [entryKey]);
  let criticalJs = 0;
  for (const f of critical) criticalJs += await gz(f);
  let criticalCss = 0;
  for (const f of css) criticalCss += await gz(f);
  const chunks: Record<string, number> = {};
  for (const chunk of Object.values(manifest))
    chunks[chunk.name ?? chunk.file] = Math.round((await gz(chunk.file)) / 102.4) / 10;
  const result = {
    measuredAt: new Date().toISOString(),
    landingCriticalJsKb: Math.round(criticalJs / 102.4) / 10,
    landingCriticalCssKb: Math.round(criticalCss / 102.4) / 10,
    landingPageScriptKb: await landingPageScriptKb(),
    landingScriptOnceScrolledToContactKb: await landingPageScriptKb(NEAR_CONTACT_CHUNKS),
    budgetKb: LANDING_BUDGET_KB,
    withinBudget: criticalJs / 1024 < LANDING_BUDGET_KB,
    criticalFiles: [...critical],
    chunksGzipKb: chunks,
  };
  await mkdir('bench/results', { recursive: true });
  await writeFile('bench/results/bundle-size.json', `${JSON.stringify(result, null, 2)}\n`);
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await measureBundles();
  console.log(
    `landing critical JS ${r.landingCriticalJsKb} kB gzip (budget ${r.budgetKb} kB), CSS ${r.landingCriticalCssKb} kB`,
  );
  for (const [name, kb] of Object.entries(r.chunksGzipKb).sort((a, b) => b[1] - a[1]))
    console.log(`  ${name}: ${kb} kB`);
}
