// A spreadsheet runs a cell starting with = + - @ (or a tab or carriage return) as a formula. French Excel splits
// on ';' and others on ',', so the text after either separator inside a cell may become a cell of its own: the same
// characters there get the same leading quote (OWASP, CSV injection). The JSON copy keeps the exact value.
const FORMULA_START = /^[=+\-@\t\r]/;
const FORMULA_AFTER_SEPARATOR = /([,;] *)(?=[=+\-@\t\r])/g;

/** Excel reads a file as UTF-8 (accents intact) only when it starts with this byte-order mark. */
export const UTF8_BOM = '\uFEFF';

export function neutraliseFormulas(text: string): string {
  return text.replace(FORMULA_AFTER_SEPARATOR, "$1'").replace(FORMULA_START, "'$&");
}

const cell = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  const text =
    value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  const safe = neutraliseFormulas(text);
  return /[",\n\r;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export const csvLine = (row: Record<string, unknown>, columns: string[]) =>
  `${columns.map((c) => cell(row[c])).join(',')}\r\n`;

export const csvHeader = (columns: string[]) => `${columns.join(',')}\r\n`;

export function toCsv(rows: Array<Record<string, unknown>>, columns: string[]): string {
  return csvHeader(columns) + rows.map((r) => csvLine(r, columns)).join('');
}
