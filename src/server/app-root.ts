import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The project's folder, where package.json, drizzle/ and dist/ live. Found by walking up from this file, because the
 * same code runs from src/server under tsx (tests, `npm run dev`, `npm run restore`) and from dist/server once built.
 */
function findAppRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`package.json introuvable au-dessus de ${start}`);
  }
}

export const APP_ROOT = findAppRoot(import.meta.dirname);

/** The build's folder (`npm run build`): RFS_DIST lets two builds live side by side, as vite.config.ts reads it too. */
export const DIST_DIR = path.resolve(APP_ROOT, process.env.RFS_DIST ?? 'dist');
