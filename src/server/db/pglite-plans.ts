// PGlite: the statements every signed-in request runs keep their plan, as they do on PostgreSQL.
//
// Drizzle's PGlite driver ignores a prepared statement's name: each run parses, analyses and plans the statement
// again. On PostgreSQL the driver prepares it once per connection. For the client's dashboard (one statement with
// its subscription and two lists) that work was two thirds of the read (docs/quality.md « Figures behind the code »).
// A kept statement is prepared (PREPARE) in PGlite's one session at its first run, then run with EXECUTE, its values
// written in as quoted literals (db/sql-literal.ts); a value without that form runs the statement the ordinary way.
import type { PGlite } from '@electric-sql/pglite';
import type { Db } from './client.ts';
import { sqlLiteral } from './sql-literal.ts';

type State = { name: string; prepared?: Promise<boolean> };

/** The statements kept on each PGlite database (Drizzle's instance), by their text. */
const keptOn = new WeakMap<Db, Map<string, State>>();

/** SQLSTATEs that mean the kept statement itself is gone or stale: prepare it again. */
const STALE = new Set(['26000', '0A000']);

/**
 * The PGlite client Drizzle is given: its `query` runs a kept statement with EXECUTE. Statements inside a transaction
 * go through the transaction's own client, untouched.
 */
export function keepingPlans(client: PGlite): { client: PGlite; attach(db: Db): void } {
  const kept = new Map<string, State>();
  const query = client.query.bind(client) as (text: string, params?: unknown[], options?: object) => Promise<unknown>;

  async function prepare(text: string, state: State): Promise<boolean> {
    try {
      await client.exec(`PREPARE ${state.name} AS ${text}`);
      return true;
    } catch {
      // Tried again at the next run; meanwhile the statement runs as any other.
      state.prepared = undefined;
      return false;
    }
  }

  async function keptQuery(text: string, params?: unknown[], options?: object) {
    const state = kept.get(text);
    const literals = params?.map(sqlLiteral) ?? [];
    if (!state || literals.some((l) => l === undefined)) return query(text, params, options);
    state.prepared ??= prepare(text, state);
    if (!(await state.prepared)) return query(text, params, options);
    try {
      return await query(`EXECUTE ${state.name}${literals.length ? `(${literals.join(', ')})` : ''}`, [], options);
    } catch (error) {
      if (!STALE.has((error as { code?: string }).code ?? '')) throw error;
      state.prepared = undefined;
      await client.exec(`DEALLOCATE ${state.name}`).catch(() => undefined);
      return query(text, params, options);
    }
  }

  const proxy = new Proxy(client, {
    get(target, property) {
      if (property === 'query') return keptQuery;
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { client: proxy, attach: (db) => keptOn.set(db, kept) };
}

/**
 * A Drizzle prepared statement whose plan PGlite keeps too (see above); on PostgreSQL, the driver's own named
 * statement. `name` is a plain identifier, unique in the app.
 */
export function keptStatement<P>(
  db: Db,
  name: string,
  query: { toSQL(): { sql: string }; prepare(name: string): P },
): P {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`keptStatement: « ${name} » is not a plain name`);
  keptOn.get(db)?.set(query.toSQL().sql, { name: `rfs_${name}` });
  return query.prepare(name);
}
