import { createHash } from 'node:crypto';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database, Tx } from '#server/db/client.ts';
import { sqlLiteral } from '#server/db/sql-literal.ts';

/** Runs `text` (placeholders $1…) with `values` in the caller's transaction, prepared once; answers its rows. */
export type RunPrepared = (tx: Tx, text: string, values: readonly unknown[]) => Promise<Record<string, unknown>[]>;

/** The statements prepared on each PGlite instance (its session). */
const preparedOn = new WeakMap<PGlite, Set<string>>();

/** Each statement's name, by its text: the texts are few and long, hashing one costs more than finding it. */
const names = new Map<string, string>();
function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `rfs_stmt_${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
    names.set(text, name);
  }
  return name;
}

/** The driver's own client under a Drizzle transaction (or database): what Drizzle's raw SQL cannot do, it can. */
function clientOf<T>(tx: Tx): T {
  const client = (tx as unknown as { session?: { client?: T } }).session?.client;
  if (!client) throw new Error('No driver client under this Drizzle transaction (has drizzle-orm changed?)');
  return client;
}

/** A value written into EXECUTE's arguments; a job's values are strings and numbers, anything else is a bug here. */
function literal(value: unknown): string {
  const written = sqlLiteral(value);
  if (written === undefined) throw new Error(`A prepared statement's argument cannot be a ${typeof value}`);
  return written;
}

/**
 * The statements business transactions run to queue work, parsed and planned once per connection instead of at each
 * run: an e-mail's outbox row (services/mail/outbox.ts), and pg-boss's job insert (jobs/job-queue.ts), a long
 * INSERT … SELECT over json_to_recordset that PostgreSQL parsed and planned anew at each send.
 *
 * PostgreSQL: a named statement, which node-postgres parses once per connection. PGlite: PREPARE once per instance
 * (its one session) and EXECUTE, both through PGlite's simple protocol (a quarter of a Drizzle statement's cost there:
 * docs/quality.md « Figures behind the code »). EXECUTE takes no bind parameter, so the values are written in as quoted literals. Only inside
 * a transaction, which holds PGlite for itself: nothing runs between the check of `prepared` and the PREPARE, and a
 * statement prepared there outlives the transaction even if it rolls back (prepared statements belong to the session);
 * given the database itself, the statement gets a transaction of its own. A reopened PGlite starts with none.
 */
export function preparedStatements(database: Database): RunPrepared {
  if (database.kind === 'postgres') {
    return async (tx, text, values) => {
      const client = clientOf<pg.Pool | pg.PoolClient>(tx);
      return (await client.query({ name: statementName(text), text, values: [...values] })).rows as Record<
        string,
        unknown
      >[];
    };
  }
  const pglite = database.pglite!;
  const prepared = preparedOn.get(pglite) ?? new Set<string>();
  preparedOn.set(pglite, prepared);
  const run: RunPrepared = async (tx, text, values) => {
    if (tx === database.db) return database.db.transaction((inner) => run(inner, text, values));
    const client = clientOf<Transaction>(tx);
    const name = statementName(text);
    if (!prepared.has(name)) {
      await client.exec(`PREPARE ${name} AS ${text}`);
      prepared.add(name);
    }
    const [result] = await client.exec(
      values.length ? `EXECUTE ${name}(${values.map(literal).join(', ')})` : `EXECUTE ${name}`,
    );
    return (result?.rows ?? []) as Record<string, unknown>[];
  };
  return run;
}
