import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { crc32 } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Entry } from 'yauzl';
import { migrateDatabase, type Database, type Tx } from '#server/db/client.ts';
import { jsonPath, type BackupManifest } from './archive.ts';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { backupTables, COLUMNS_FILLED_AFTER_RESTORE, currentTableName, ident, schemaTables } from './tables.ts';
import type { VerifyOptions, VerifiedArchive } from './verify-archive.ts';
import { verifyArchive, migrationTags, RestoreError, damaged, openEntry, readEntry } from './verify-archive.ts';

/** rows sent to the database per statement (and at most this many bytes, attachments included) */
const BATCH_ROWS = 500;
const BATCH_BYTES = 4 * 1024 * 1024;

const rowsOf = async (db: Tx, query: ReturnType<typeof sql.raw>) =>
  (await db.execute(query)).rows as Array<Record<string, unknown>>;

/** The tables of our schema that hold at least one row (a table not created yet counts as empty). */
export async function nonEmptyTables(db: Tx): Promise<string[]> {
  const names = schemaTables().map((t) => getTableConfig(t).name);
  const found: string[] = [];
  for (const name of names) {
    const [exists] = await rowsOf(db, sql.raw(`select to_regclass('public.${name}') is not null as present`));
    if (!exists?.present) continue;
    const [row] = await rowsOf(db, sql.raw(`select exists (select 1 from ${ident(name)}) as filled`));
    if (row?.filled) found.push(name);
  }
  return found;
}

export type RestoreOptions = { log?: (line: string) => void };

/**
 * Loads a verified backup into an empty database: migrations first, then every table, parents first, in one
 * transaction (a failure leaves the database empty), then every id counter set after the largest id restored.
 */
export async function restoreBackup(
  database: Database,
  file: string,
  options: RestoreOptions & VerifyOptions,
): Promise<Record<string, number>> {
  options.log?.('Vérification des empreintes SHA-256 de l’archive…');
  return loadArchive(database, await verifyArchive(file, options), options);
}

/** The second half of restoreBackup, for a caller that verified the archive before opening the database (the CLI). */
export async function loadArchive(
  database: Database,
  archive: VerifiedArchive,
  options: RestoreOptions = {},
): Promise<Record<string, number>> {
  const log = options.log ?? (() => {});
  try {
    const { manifest } = archive;
    const tags = await migrationTags();
    if (manifest.schemaVersion && !tags.includes(manifest.schemaVersion)) {
      throw new RestoreError(
        `Cette sauvegarde vient d’une version plus récente du site (schéma ${manifest.schemaVersion}) : mettez le site à jour avant de la restaurer. Rien n’a été modifié.`,
      );
    }
    const known = new Set(backupTables().map((t) => t.name));
    const unknown = Object.keys(manifest.tables).filter((name) => !known.has(currentTableName(name)));
    if (unknown.length) {
      throw new RestoreError(
        `Cette sauvegarde contient des tables que cette version du site ne connaît pas (${unknown.join(', ')}) : mettez le site à jour. Rien n’a été modifié.`,
      );
    }
    const filled = await nonEmptyTables(database.db);
    if (filled.length) {
      throw new RestoreError(
        `La base de données cible n’est pas vide (tables ${filled.join(', ')}) : la restauration ne remplace jamais des données existantes. ` +
          'Restaurez dans une base neuve (un DATA_DIR vide, ou une base PostgreSQL vide) avant le premier démarrage du site. Rien n’a été modifié.',
      );
    }
    log('Migrations de la base de données…');
    await migrateDatabase(database);
    const counts: Record<string, number> = {};
    await database.db.transaction(async (tx) => {
      for (const [name, table] of Object.entries(manifest.tables)) {
        counts[name] = await loadTable(tx, archive, name, table);
        if (counts[name] !== table.rows)
          throw damaged(`${name} : ${counts[name]} lignes lues, ${table.rows} attendues`);
        log(`  ${name} : ${counts[name]} lignes`);
      }
      for (const { table, column, fill } of COLUMNS_FILLED_AFTER_RESTORE) {
        const archived = manifest.tables[table];
        if (archived && !archived.columns.some((c) => c.name === column)) await tx.execute(sql.raw(fill));
      }
      await resetCounters(tx);
    });
    return counts;
  } finally {
    archive.close();
  }
}

/** suffix of the key carrying a binary column's bytes in base64 (the column's own key stays null for json_populate_record) */
const BASE64 = ':base64';

async function loadTable(
  tx: Tx,
  archive: VerifiedArchive,
  name: string,
  table: BackupManifest['tables'][string],
): Promise<number> {
  const entry = archive.entries.get(jsonPath(name));
  if (!entry) throw damaged(`fichier manquant ${jsonPath(name)}`);
  // A column dropped since the archive was made (clients' password_hint, 0005) has no place left: its values stay
  // behind, and a column added since takes its default.
  const today = new Set(
    backupTables()
      .find((t) => t.name === currentTableName(name))!
      .columns.map((c) => c.name),
  );
  const kept = table.columns.filter((c) => today.has(c.name));
  const binary = table.files.filter((column) => today.has(column));
  const columns = kept.map((c) => ident(c.name)).join(', ');
  // Each JSON row becomes a row of the table (json_populate_record parses every type as PostgreSQL would); file
  // bytes travel as base64, decoded by the database (hex text for bytea was twice the size and slower on PGlite).
  const values = kept
    .map((c) => (binary.includes(c.name) ? `decode(j->>'${c.name}${BASE64}', 'base64')` : `r.${ident(c.name)}`))
    .join(', ');
  const target = ident(currentTableName(name));
  const insert = (json: string) =>
    tx.execute(sql`insert into ${sql.raw(target)} (${sql.raw(columns)}) overriding system value
    select ${sql.raw(values)} from json_array_elements(${json}::json) j cross join lateral json_populate_record(null::${sql.raw(target)}, j) r`);
  let batch: string[] = [];
  let bytes = 0;
  let rows = 0;
  const flush = async () => {
    if (!batch.length) return;
    if (binary.length) batch = await withFiles(archive, batch, binary);
    await insert(`[${batch.join(',')}]`);
    rows += batch.length;
    batch = [];
    bytes = 0;
  };
  const lines = createInterface({ input: await openEntry(archive.zip, entry), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line) continue;
    batch.push(line);
    // Rows naming files: their bytes count too (the manifest has each file's size).
    bytes += line.length + (binary.length ? fileBytes(archive, line, binary) : 0);
    if (batch.length >= BATCH_ROWS || bytes >= BATCH_BYTES) await flush();
  }
  await flush();
  return rows;
}

function fileBytes(archive: VerifiedArchive, line: string, binary: string[]): number {
  const row = JSON.parse(line) as Record<string, unknown>;
  return binary.reduce(
    (sum, c) => sum + (typeof row[c] === 'string' ? (archive.manifest.files[row[c]]?.size ?? 0) : 0),
    0,
  );
}

/** Rows whose binary columns name a file: the file's bytes added in base64 (the column itself left null). */
async function withFiles(archive: VerifiedArchive, lines: string[], binary: string[]): Promise<string[]> {
  const rows = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  const wanted: Entry[] = [];
  for (const row of rows) {
    for (const column of binary) {
      const fileName = row[column];
      if (typeof fileName !== 'string') continue;
      const fileEntry = archive.entries.get(fileName);
      if (!fileEntry) throw damaged(`fichier manquant ${fileName}`);
      wanted.push(fileEntry);
    }
  }
  const bytes = await readEntries(archive, wanted);
  for (const row of rows) {
    for (const column of binary) {
      const fileName = row[column];
      row[column] = null;
      if (typeof fileName === 'string') row[`${column}${BASE64}`] = bytes.get(fileName)!.toString('base64');
    }
  }
  return rows.map((row) => JSON.stringify(row));
}

/**
 * Many small stored files (PDFs), read with one read of the archive per run of neighbours instead of a stream each
 * (30,000 streams cost more than the rest of a restore). Compressed entries go through yauzl.
 */
async function readEntries(archive: VerifiedArchive, entries: Entry[]): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  const stored = entries
    .filter((e) => e.compressionMethod === 0)
    .sort((a, b) => a.relativeOffsetOfLocalHeader - b.relativeOffsetOfLocalHeader);
  for (const e of entries) if (e.compressionMethod !== 0) out.set(e.fileName, await readEntry(archive.zip, e));
  if (!stored.length) return out;
  const handle = await open(archive.file, 'r');
  try {
    let i = 0;
    while (i < stored.length) {
      // A run: consecutive entries spanning at most BATCH_BYTES (local headers are 30 bytes, the name and an extra field).
      const first = stored[i]!.relativeOffsetOfLocalHeader;
      let j = i;
      let end = first;
      while (j < stored.length) {
        const e = stored[j]!;
        const entryEnd = e.relativeOffsetOfLocalHeader + 30 + e.fileNameLength + 1024 + e.compressedSize;
        if (j > i && entryEnd - first > BATCH_BYTES) break;
        end = Math.max(end, entryEnd);
        j++;
      }
      const buffer = Buffer.alloc(end - first);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, first);
      for (const e of stored.slice(i, j)) {
        const at = e.relativeOffsetOfLocalHeader - first;
        if (at + 30 > bytesRead || buffer.readUInt32LE(at) !== 0x04034b50)
          throw damaged(`en-tête illisible pour ${e.fileName}`);
        const start = at + 30 + buffer.readUInt16LE(at + 26) + buffer.readUInt16LE(at + 28);
        if (start + e.compressedSize > bytesRead) throw damaged(`${e.fileName} tronqué`);
        const data = Buffer.from(buffer.subarray(start, start + e.compressedSize));
        if (crc32(data) !== e.crc32) throw damaged(`${e.fileName} modifié depuis la vérification`);
        out.set(e.fileName, data);
      }
      i = j;
    }
  } finally {
    await handle.close();
  }
  return out;
}

/** Every serial or identity counter of our tables continues after the largest value restored. */
async function resetCounters(tx: Tx) {
  const sequences = await rowsOf(
    tx,
    sql.raw(`select table_name as t, column_name as c, pg_get_serial_sequence(quote_ident(table_name), column_name) as s
    from information_schema.columns where table_schema = 'public' and pg_get_serial_sequence(quote_ident(table_name), column_name) is not null`),
  );
  for (const { t, c, s } of sequences) {
    await tx.execute(
      sql.raw(
        `select setval('${String(s).replace(/'/g, "''")}', coalesce((select max(${ident(String(c))}) from ${ident(String(t))}), 0) + 1, false)`,
      ),
    );
  }
}
