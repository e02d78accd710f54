// Measures what the landing page must download before it is interactive: the entry chunk, its static imports
// and its CSS, gzip-compressed, from the Vite manifest of the last build. Writes bench/results/bundle-size.json.
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

type Chunk = { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[]; isEntry?: boolean; name?: string };

const dist = path.resolve(process.env.RFS_DIST ?? 'dist', 'client');
const LANDING_BUDGET_KB = 90;

async function gz(file: string): Promise<number> {
  return gzipSync(await readFile(path.join(dist, file)), { level: 9 }).length;
}

export async function measureBundles() {
  const manifest = JSON.parse(await readFile(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const critical = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key]!;
    if (critical.has(chunk.file)) return;
    critical.add(chunk.file);
    chunk.css?.forEach((c) => css.add(c));
    chunk.imports?.forEach(visit);
  };
  visit(entryKey);
  let criticalJs = 0;
  for (const f of critical) criticalJs += await gz(f);
  let criticalCss = 0;
  for (const f of css) criticalCss += await gz(f);
  const chunks: Record<string, number> = {};
  for (const chunk of Object.values(manifest)) chunks[chunk.name ?? chunk.file] = Math.round((await gz(chunk.file)) / 102.4) / 10;
  const result = {
    measuredAt: new Date().toISOString(),
    landingCriticalJsKb: Math.round(criticalJs / 102.4) / 10,
    landingCriticalCssKb: Math.round(criticalCss / 102.4) / 10,
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
  console.log(`landing critical JS ${r.landingCriticalJsKb} kB gzip (budget ${r.budgetKb} kB), CSS ${r.landingCriticalCssKb} kB`);
  for (const [name, kb] of Object.entries(r.chunksGzipKb).sort((a, b) => b[1] - a[1])) console.log(`  ${name}: ${kb} kB`);
}
