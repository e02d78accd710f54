import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DIST_DIR } from '#server/app-root.ts';

/**
 * A migrated, empty PGlite database made by `npm run build` (build-database.ts), as a gzipped tarball. PostgreSQL's
 * initdb inside PGlite grows the WebAssembly memory, which never shrinks; a first start that unpacks this file instead
 * peaks far lower and is ready sooner (bench/first-start.ts, docs/quality.md « Figures behind the code »).
 */
export const INITIAL_DATABASE_FILE = path.join(DIST_DIR, 'pglite-initial.tar.gz');

/** The tarball to start an empty data folder from, or undefined (a folder in use, or no build: PGlite runs initdb). */
export async function initialDatabaseFor(pgliteDir: string, file = INITIAL_DATABASE_FILE): Promise<Blob | undefined> {
  if (existsSync(path.join(pgliteDir, 'PG_VERSION')) || !existsSync(file)) return undefined;
  return new Blob([await readFile(file)]);
}
