import { getTableColumns, getTableName, is } from 'drizzle-orm';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import * as schema from '#server/db/schema.ts';

/**
 * Tables left out of the backup: what opens a session or sets a password (a restore must not revive a sign-in or a
 * link), and counters that mean nothing on another server. Every other table of the schema is backed up, so a table
 * added later is not forgotten (tables.test.ts fails when a new token-like table is neither excluded nor decided).
 */
export const EXCLUDED_TABLES = new Set([
  'staff_sessions',
  'client_sessions',
  'password_reset_tokens',
  'staff_password_tokens',
  'login_throttle',
  'rate_limits',
  // the few minutes between a staff member's password and code: a restore must not revive a half sign-in
  'staff_login_challenges',
]);

/**
 * Tables the database fills by itself from the others (triggers): left out, the restore's own inserts fill them again.
 */
export const DERIVED_TABLES = new Set([
  // each client's count of changes to their list of requests (migration 0040)
  'client_request_versions',
]);

/**
 * Columns added since archives were first made whose values follow from the rest of the row: once an archive without
 * one is loaded (its rows took the column's default), the database fills it as the migration that added it did.
 */
export const COLUMNS_FILLED_AFTER_RESTORE: readonly { table: string; column: string; fill: string }[] = [
  // the screen-share lines of the conversations, notices since migration 0046
  { table: 'intervention_messages', column: 'notice', fill: 'select mark_share_lines_as_notices()' },
];

/**
 * Tables renamed since archives were first made (migration 0020): an older archive restores into today's name.
 */
export const RENAMED_TABLES: Readonly<Record<string, string>> = { manual_orders: 'orders', requests: 'inbox_items' };

/** The table of today's schema that an archive's table fills. */
export const currentTableName = (archived: string) => RENAMED_TABLES[archived] ?? archived;

/**
 * Columns never copied: an e-mail's sealed secret (a password, a reset link) stays on the server that sealed it; a
 * two-factor enrolment still waiting for its first code is started again. Password hashes, the sealed TOTP secret and
 * the hashed recovery codes are kept: staff and clients sign in as before.
 */
export const EXCLUDED_COLUMNS: Record<string, readonly string[]> = {
  outbox: ['secret'],
  staff_users: ['totp_pending_secret'],
};

/**
 * Binary columns written as files of their own, named for a reader when a name helps; the JSON row then holds the
 * file's path. Others: fichiers/<table>/<column>/<key>.
 *
 * Invoice and credit-note PDFs are the bytes stored at issue, read like any binary column inside the backup's snapshot:
 * never rendered here (the runner stores a missing one first, which a read-only snapshot cannot do):
 * factures/Facture_00000012.pdf, avoirs/Avoir_AV-00000001.pdf.
 */
const FILE_NAMES: Record<string, (row: Record<string, unknown>) => string> = {
  'invoices.pdf': (row) =>
    row.kind === 'credit_note'
      ? `avoirs/Avoir_${String(row.number)}.pdf`
      : `factures/Facture_${String(row.number)}.pdf`,
};

type BackupColumn = { name: string; sqlType: string; binary: boolean };

export type BackupTable = {
  name: string;
  table: PgTable;
  /** the columns copied (generated columns are recomputed by the database and cannot be inserted) */
  columns: BackupColumn[];
  /** the primary key's columns: rows are read in pages by key (keyset), never a whole table at once */
  key: string[];
  /** tables this one references (restored before it) */
  parents: string[];
};

function describe(table: PgTable): BackupTable {
  const config = getTableConfig(table);
  const name = config.name;
  const skip = new Set(EXCLUDED_COLUMNS[name] ?? []);
  const all = Object.values(getTableColumns(table)) as PgColumn[];
  const columns = all
    .filter((c) => !c.generated && !skip.has(c.name))
    .map((c) => ({ name: c.name, sqlType: c.getSQLType(), binary: c.getSQLType() === 'bytea' }));
  const composite = config.primaryKeys[0]?.columns.map((c) => c.name);
  const key = composite ?? all.filter((c) => c.primary).map((c) => c.name);
  if (!key.length) throw new Error(`Table ${name} has no primary key: the backup reads tables by key`);
  const parents = [...new Set(config.foreignKeys.map((fk) => getTableName(fk.reference().foreignTable)))].filter(
    (p) => p !== name,
  );
  return { name, table, columns, key, parents };
}

/** Every table of the Drizzle schema, whether backed up or not. */
export const schemaTables = (): PgTable[] =>
  (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

/** Every table of the schema that the backup holds, parents before children (the order a restore inserts them). */
export function backupTables(): BackupTable[] {
  const described = schemaTables()
    .map(describe)
    .filter((t) => !EXCLUDED_TABLES.has(t.name) && !DERIVED_TABLES.has(t.name));
  return dependencyOrder(described);
}

function dependencyOrder<T extends { name: string; parents: string[] }>(tables: T[]): T[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const ordered: T[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (t: T) => {
    if (state.get(t.name) === 'done') return;
    if (state.get(t.name) === 'visiting') throw new Error(`Foreign keys form a cycle through ${t.name}`);
    state.set(t.name, 'visiting');
    for (const parent of t.parents) {
      const p = byName.get(parent);
      if (p) visit(p);
    }
    state.set(t.name, 'done');
    ordered.push(t);
  };
  [...tables].sort((a, b) => a.name.localeCompare(b.name)).forEach(visit);
  return ordered;
}

export function fileNameFor(table: string, column: string, row: Record<string, unknown>, key: string[]): string {
  const named = FILE_NAMES[`${table}.${column}`];
  if (named) return named(row);
  return `fichiers/${table}/${column}/${key.map((k) => String(row[k])).join('-')}`;
}

/** "name" quoted for SQL; names come from our own schema, never from a request. */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
