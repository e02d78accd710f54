// Values written into EXECUTE's arguments: EXECUTE takes no bind parameter, so a prepared statement run that way
// (db/pglite-plans.ts, jobs/prepared-statements.ts) gets its values as quoted literals, each typed by the statement's
// own parameter.
import pg from 'pg';

/** A value as a quoted SQL literal, or undefined for a value that has no such form here (a Date, a Buffer, an object). */
export function sqlLiteral(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'NULL';
  // node-postgres's own quoting: quotes doubled, and backslashes too in an E'' string, whatever the server's settings.
  if (typeof value === 'string') return value.includes('\0') ? undefined : pg.escapeLiteral(value);
  if (typeof value === 'number') return Number.isFinite(value) ? pg.escapeLiteral(String(value)) : undefined;
  if (typeof value === 'bigint' || typeof value === 'boolean') return pg.escapeLiteral(String(value));
  return undefined;
}
