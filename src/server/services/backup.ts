import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable, type PassThrough } from 'node:stream';
import { asc, getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import yazl from 'yazl';
import type { Config } from '../config';
import { MIGRATIONS_DIR, type Db } from '../db/client';
import * as schema from '../db/schema';
import { invoiceNumber } from '../../shared/format';
import { loadInvoicePage } from './invoices';
import { renderInvoicePdf, type InvoiceData } from './invoice-pdf';

/** Every table of the schema, in an order a restore can insert them (parents before children). */
export const BACKUP_TABLES: Record<string, PgTable> = {
  staff_users: schema.staffUsers,
  staff_sessions: schema.staffSessions,
  clients: schema.clients,
  client_sessions: schema.clientSessions,
  manual_orders: schema.manualOrders,
  audit_log: schema.auditLog,
  requests: schema.requests,
  interventions: schema.interventions,
};

// A spreadsheet runs a cell starting with = + - @ (or a tab or carriage return) as a formula. French Excel splits
// on ';' and others on ',', so the text after either separator inside a cell may become a cell of its own: the same
// characters there get the same leading quote (OWASP, CSV injection). The JSON copy keeps the exact value.
const FORMULA_START = /^[=+\-@\t\r]/;
const FORMULA_AFTER_SEPARATOR = /([,;] *)(?=[=+\-@\t\r])/g;

export function neutraliseFormulas(text: string): string {
  return text.replace(FORMULA_AFTER_SEPARATOR, "$1'").replace(FORMULA_START, "'$&");
}

const cell = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  const text = value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  const safe = neutraliseFormulas(text);
  return /[",\n\r;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export function toCsv(rows: Array<Record<string, unknown>>, columns: string[]): string {
  return `${[columns.join(','), ...rows.map((r) => columns.map((c) => cell(r[c])).join(','))].join('\r\n')}\r\n`;
}

const PDF_PAGE = 200;

/**
 * The download tab's archive: each table as JSON (for a restore yet to be written) and CSV, every invoice PDF and a
 * manifest. PDFs are rendered one by one as the zip is read, so memory stays flat however many orders there are;
 * they show each order as it is when rendered.
 */
export async function buildBackup(db: Db, config: Config, now = new Date()): Promise<NodeJS.ReadableStream> {
  // One consistent snapshot of every table: an order saved meanwhile cannot point to a client missing from the file.
  const snapshot = await db.transaction(async (tx) => {
    const tables = [];
    for (const [name, table] of Object.entries(BACKUP_TABLES)) {
      // Generated columns (search helpers) are left out: the database recomputes them, and a restore cannot insert them.
      const columns = Object.fromEntries(Object.entries(getTableColumns(table)).filter(([, c]) => !c.generated)) as Record<string, PgColumn>;
      const rows = (await tx.select(columns).from(table).orderBy(asc(Object.values(columns)[0]!))) as Array<Record<string, unknown>>;
      tables.push({ name, columns: Object.keys(columns), rows });
    }
    return tables;
  }, { isolationLevel: 'repeatable read', accessMode: 'read only' });

  const zip = new yazl.ZipFile();
  // An invoice that fails to render ends the download with an error instead of crashing the process.
  zip.on('error', (error: Error) => (zip.outputStream as PassThrough).destroy(error));
  const counts: Record<string, number> = {};
  for (const { name, columns, rows } of snapshot) {
    counts[name] = rows.length;
    zip.addBuffer(Buffer.from(JSON.stringify(rows, null, 1)), `data/${name}.json`);
    zip.addBuffer(Buffer.from(toCsv(rows, columns)), `csv/${name}.csv`);
  }

  const orderIds = (snapshot.find((t) => t.name === 'manual_orders')?.rows ?? []).map((r) => ({ id: r.id as number }));
  let buffered: InvoiceData[] = [];
  for (const { id } of orderIds) {
    zip.addReadStreamLazy(`factures/facture-${invoiceNumber(id)}.pdf`, { compress: false }, (done) => {
      void (async () => {
        // Entries are read in order, so invoices are loaded a page at a time just before they are needed.
        if (!buffered.length || buffered[0]!.orderId !== id) buffered = await loadInvoicePage(db, config, id - 1, PDF_PAGE);
        const invoice = buffered.shift();
        if (!invoice || invoice.orderId !== id) throw new Error(`Order ${id} vanished during the backup`);
        done(null, Readable.from([await renderInvoicePdf(invoice)]));
      })().catch((error: Error) => done(error, null as never));
    });
  }

  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
  zip.addBuffer(Buffer.from(JSON.stringify({
    format: 1,
    createdAt: now.toISOString(),
    siteName: config.SITE_NAME,
    publicUrl: config.PUBLIC_URL,
    schemaVersion: journal.entries.at(-1)?.tag ?? null,
    tables: counts,
    invoices: orderIds.length,
    files: { json: 'data/<table>.json (exact values, used by restore)', csv: 'csv/<table>.csv', invoices: 'factures/facture-<numéro>.pdf' },
  }, null, 2)), 'manifest.json');
  zip.end();
  return zip.outputStream;
}
