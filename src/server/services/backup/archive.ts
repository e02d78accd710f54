import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { sql, type SQL } from 'drizzle-orm';
import { MIGRATIONS_DIR, type Database, type Tx } from '#server/db/client.ts';
import { csvHeader, csvLine, UTF8_BOM } from './csv.ts';
import { signManifest, SIGNATURE } from './signature.ts';
import { backupTables, fileNameFor, ident, type BackupTable } from './tables.ts';
import type { FileDigest } from './archive-writer.ts';
import { ArchiveWriter, hashedWriter } from './archive-writer.ts';

export const MANIFEST = 'manifest.json';
export const BACKUP_FORMAT = 1;
/**
 * rows per read: each read is short, so requests served meanwhile wait a little at most. On PGlite a read runs on the
 * event loop: 250 rows keep /healthz answering during a large backup, for a backup as fast as with bigger pages
 * (docs/quality.md « Figures behind the code »).
 */
const PAGE_ROWS = 250;
/** bytes of files (PDFs, attachments) read at once: memory stays flat whatever their number */
const FILE_BYTES_PER_READ = 1024 * 1024;

type TableManifest = { rows: number; key: string[]; columns: Array<{ name: string; type: string }>; files: string[] };
export type BackupManifest = {
  format: number;
  createdAt: string;
  siteName: string;
  /** the last migration applied when the backup was made: a restore runs at least up to it */
  schemaVersion: string | null;
  /** in the order a restore inserts them (parents first) */
  tables: Record<string, TableManifest>;
  invoicePdfs: number;
  files: Record<string, FileDigest>;
};

/** A backup stopped for a reason staff can act on; its message is shown in the tab. */
export class BackupError extends Error {}

type BackupProgress = { done: number; total: number };
export type BackupOptions = {
  siteName: string;
  /** signs the manifest (signature.ts: loadBackupKey) */
  key: Buffer;
  now?: Date;
  onProgress?: (progress: BackupProgress) => void;
};

export const jsonPath = (table: string) => `donnees/${table}.jsonl`;
const csvPath = (table: string) => `csv/${table}.csv`;

async function schemaVersion(): Promise<string | null> {
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string }>;
  };
  return journal.entries.at(-1)?.tag ?? null;
}

const rowsOf = async (db: Tx, query: SQL) => (await db.execute(query)).rows as Array<Record<string, unknown>>;

/**
 * One consistent view of every table. PostgreSQL: a read-only repeatable-read transaction on one pooled connection,
 * while requests use the others. PGlite has a single connection, and a transaction would hold every request for the
 * whole backup: it reads outside one, each table bounded by the largest key it had at the start, so a row added
 * meanwhile (and its children) is left for the next backup rather than half copied.
 */
async function withSnapshot<T>(database: Database, work: (db: Tx, bounded: boolean) => Promise<T>): Promise<T> {
  if (database.kind === 'postgres') {
    return database.db.transaction(
      async (tx) => {
        // Several instances share one PostgreSQL: one backup at a time across all of them.
        const [lock] = await rowsOf(tx, sql`select pg_try_advisory_xact_lock(hashtext('rfs-backup')) as taken`);
        if (!lock?.taken)
          throw new BackupError(
            'Une sauvegarde est déjà en cours sur un autre serveur du site : attendez qu’elle se termine.',
          );
        return work(tx, false);
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }
  return work(database.db, true);
}

/** Writes the archive to `file` (through a temporary name, so a half-written one is never served). */
export async function writeBackup(database: Database, file: string, options: BackupOptions): Promise<BackupManifest> {
  const tables = backupTables();
  const tmpDir = path.dirname(file);
  const mtime = options.now ?? new Date();
  const archive = new ArchiveWriter(file, mtime);
  try {
    const manifest = await withSnapshot(database, async (db, bounded) => {
      const counts = await countRows(db, tables);
      const progress = { done: 0, total: [...counts.values()].reduce((sum, c) => sum + c.rows, 0) };
      options.onProgress?.({ ...progress });
      const tableManifests: Record<string, TableManifest> = {};
      let invoicePdfs = 0;
      for (const t of tables) {
        const bound = bounded && t.key.length === 1 ? counts.get(t.name)!.max : null;
        const written = await writeTable(db, t, bound, { archive, tmpDir, progress, onProgress: options.onProgress });
        tableManifests[t.name] = written.manifest;
        invoicePdfs += written.invoicePdfs;
      }
      return {
        format: BACKUP_FORMAT,
        createdAt: mtime.toISOString(),
        siteName: options.siteName,
        schemaVersion: await schemaVersion(),
        tables: tableManifests,
        invoicePdfs,
        files: archive.files,
      } satisfies BackupManifest;
    });
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 1));
    await archive.finish(manifestBytes, MANIFEST, signManifest(options.key, manifestBytes), SIGNATURE);
    return manifest;
  } catch (error) {
    await archive.discard();
    throw error;
  } finally {
    for (const t of tables) {
      await rm(path.join(tmpDir, `.${t.name}.jsonl.tmp`), { force: true });
      await rm(path.join(tmpDir, `.${t.name}.csv.tmp`), { force: true });
    }
  }
}

/** Each table's row count, and its largest key when it has one (the snapshot's bound on PGlite). */
async function countRows(db: Tx, tables: BackupTable[]) {
  const counts = new Map<string, { rows: number; max: unknown }>();
  for (const t of tables) {
    const single = t.key.length === 1 ? t.key[0]! : undefined;
    const [row] = await rowsOf(
      db,
      sql.raw(`select count(*)::int as n${single ? `, max(${ident(single)}) as max` : ''} from ${ident(t.name)}`),
    );
    counts.set(t.name, { rows: Number(row!.n), max: row!.max ?? null });
  }
  return counts;
}

type TableWriting = {
  archive: ArchiveWriter;
  tmpDir: string;
  progress: BackupProgress;
  onProgress?: (progress: BackupProgress) => void;
};

/** One table as JSON lines and CSV, with the files its rows name, a page at a time. */
async function writeTable(db: Tx, t: BackupTable, bound: unknown, w: TableWriting) {
  const jsonTemp = path.join(w.tmpDir, `.${t.name}.jsonl.tmp`);
  const csvTemp = path.join(w.tmpDir, `.${t.name}.csv.tmp`);
  const json = hashedWriter(jsonTemp);
  const csv = hashedWriter(csvTemp);
  const names = t.columns.map((c) => c.name);
  await csv.write(UTF8_BOM + csvHeader(names));
  let rows = 0;
  let invoicePdfs = 0;
  for await (const { page, lines } of readPages(db, t, bound)) {
    await yieldToRequests();
    const entries = await readFiles(db, t, page);
    // One write per page (a write per row cost more than the reads); rows naming a file are written anew.
    await json.write(
      `${(t.columns.some((c) => c.binary) ? page.map((row) => JSON.stringify(row)) : lines).join('\n')}\n`,
    );
    await csv.write(page.map((row) => csvLine(row, names)).join(''));
    if (t.name === 'invoices') invoicePdfs += entries.length;
    await w.archive.addFiles(entries);
    rows += page.length;
    w.progress.done += page.length;
    w.onProgress?.({ ...w.progress });
    await yieldToRequests();
  }
  await w.archive.addTempFile(jsonPath(t.name), jsonTemp, await json.finish());
  await w.archive.addTempFile(csvPath(t.name), csvTemp, await csv.finish());
  const manifest: TableManifest = {
    rows,
    key: t.key,
    columns: t.columns.map((c) => ({ name: c.name, type: c.sqlType })),
    files: t.columns.filter((c) => c.binary).map((c) => c.name),
  };
  return { manifest, invoicePdfs };
}

/**
 * A table's rows in key order, a page at a time; binary columns come as their size, the bytes read apart. Each page
 * is one string built by the database (string_agg): on PGlite a result of one row costs a fraction of a thousand rows.
 */
async function* readPages(
  db: Tx,
  t: BackupTable,
  bound: unknown,
): AsyncGenerator<{ page: Array<Record<string, unknown>>; lines: string[] }> {
  const select = t.columns
    .map((c) => (c.binary ? `octet_length(${ident(c.name)}) as ${ident(c.name)}` : ident(c.name)))
    .join(', ');
  const keys = t.key.map(ident).join(', ');
  const pageOrder = t.key.map((k) => `p.${ident(k)}`).join(', ');
  let after: unknown[] | null = null;
  for (;;) {
    const conditions: SQL[] = [];
    if (after)
      conditions.push(
        sql`(${sql.raw(keys)}) > (${sql.join(
          after.map((v) => sql`${v}`),
          sql`, `,
        )})`,
      );
    if (bound !== null) conditions.push(sql`${sql.raw(ident(t.key[0]!))} <= ${bound}`);
    const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
    const [result] = await rowsOf(
      db,
      sql`select string_agg(row_to_json(p)::text, E'\n' order by ${sql.raw(pageOrder)}) as j
      from (select ${sql.raw(select)} from ${sql.raw(ident(t.name))} ${where} order by ${sql.raw(keys)} limit ${PAGE_ROWS}) p`,
    );
    const text = result?.j as string | null | undefined;
    if (!text) return;
    // row_to_json escapes line breaks inside values: one line per row.
    const lines = text.split('\n');
    const page = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    yield { page, lines };
    if (page.length < PAGE_ROWS) return;
    const last = page.at(-1)!;
    after = t.key.map((k) => last[k]);
  }
}

/** The bytes of a page's binary columns, in reads of a few megabytes; each row then names its file instead. */
async function readFiles(
  db: Tx,
  t: BackupTable,
  page: Array<Record<string, unknown>>,
): Promise<Array<{ name: string; data: Buffer }>> {
  const binary = t.columns.filter((c) => c.binary);
  if (!binary.length) return [];
  if (t.key.length !== 1) throw new Error(`Table ${t.name}: binary columns need a single-column key`);
  const key = t.key[0]!;
  const out: Array<{ name: string; data: Buffer }> = [];
  let batch: Array<Record<string, unknown>> = [];
  let bytes = 0;
  const flush = async () => {
    if (!batch.length) return;
    const byKey = new Map(batch.map((row) => [String(row[key]), row]));
    // Base64 text: PGlite parses a bytea result in JavaScript about ten times slower than Buffer decodes base64.
    const cols = binary.map((c) => `encode(${ident(c.name)}, 'base64') as ${ident(c.name)}`).join(', ');
    const read = await rowsOf(
      db,
      sql`select ${sql.raw(ident(key))} as k, ${sql.raw(cols)} from ${sql.raw(ident(t.name))} where ${sql.raw(ident(key))} in (${sql.join(
        batch.map((r) => sql`${r[key]}`),
        sql`, `,
      )})`,
    );
    for (const found of read) {
      const row = byKey.get(String(found.k))!;
      for (const c of binary) {
        const value = found[c.name] as string | null;
        if (value === null) continue;
        const name = fileNameFor(t.name, c.name, row, t.key);
        out.push({ name, data: Buffer.from(value, 'base64') });
        row[c.name] = name;
      }
    }
    // A row deleted between the two reads (PGlite reads outside a transaction): no file to point to.
    for (const row of batch) for (const c of binary) if (typeof row[c.name] === 'number') row[c.name] = null;
    batch = [];
    bytes = 0;
    // PGlite runs a query on this thread: requests waiting meanwhile go first before the next read.
    await yieldToRequests();
  };
  for (const row of page) {
    const size = binary.reduce((sum, c) => sum + Number(row[c.name] ?? 0), 0);
    if (!binary.some((c) => row[c.name] !== null)) continue;
    if (bytes + size > FILE_BYTES_PER_READ) await flush();
    batch.push(row);
    bytes += size;
  }
  await flush();
  return out;
}
