import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { initialDatabaseFor } from './initial-database.ts';
import { keepingPlans } from './pglite-plans.ts';
import { APP_ROOT } from '#server/app-root.ts';
import { closeTree, privateDir } from './private-files.ts';
import { markTransactions } from './open-transaction.ts';

export type Db = ReturnType<typeof drizzlePg<typeof schema>>;
/** A transaction or the database itself: services accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the embedded instance, for backups and test templates */
  pglite?: PGlite;
  /** PostgreSQL only: the connection string, for the job queue's own pool */
  url?: string;
};

export const MIGRATIONS_DIR = path.join(APP_ROOT, 'drizzle');

/**
 * PostgreSQL's buffers inside PGlite's WebAssembly memory, which never shrinks: the server's defaults (128 MB of shared
 * buffers) made up a third of the process's memory before any request. PGlite reads its files through the operating
 * system, whose cache keeps hot pages anyway: a backup takes as long as with the defaults (docs/quality.md « Figures behind the code »).
 * PGlite writes these lines into the folder's postgresql.conf at each start, so existing folders take them too.
 */
const PGLITE_SETTINGS = [
  'shared_buffers = 16MB',
  'wal_buffers = 1MB',
  'temp_buffers = 2MB',
  'work_mem = 4MB',
  'maintenance_work_mem = 16MB',
];

/** PGlite and its drivers are imported when used: a server on PostgreSQL never loads them (2 MB of heap). */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob | File } = {}): Promise<Database> {
  const [{ PGlite }, { drizzle: drizzlePglite }, { unaccent }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    // The help centre's French search ignores accents (migration 0032): PostgreSQL's contrib, built for PGlite.
    import('@electric-sql/pglite/contrib/unaccent'),
  ]);
  if (options.dataDir) await privateDir(options.dataDir);
  const client = new PGlite({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    postgresqlconf: PGLITE_SETTINGS,
    extensions: { unaccent },
  });
  await client.waitReady;
  // The database's files (password hashes, personal data): the server's user only, see services/security/private-files.ts.
  if (options.dataDir) await closeTree(options.dataDir);
  // Both drivers speak the same dialect; the node-postgres type is the one services are written against.
  const plans = keepingPlans(client);
  const db = markTransactions(drizzlePglite({ client: plans.client, schema }) as unknown as Db);
  plans.attach(db);
  return {
    db,
    kind: 'pglite',
    pglite: client,
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

/** A database out of reach answers within seconds (a 503, see db/unavailable.ts) instead of holding requests. */
const CONNECT_TIMEOUT_MS = 3000;
/**
 * How long a request may wait for a free connection when all are busy: a burst (1,000 orders at once, each taking
 * the invoice series' lock in turn) queues for seconds, and is not a database out of reach.
 */
const POOL_WAIT_MS = 20_000;

export type PoolTimeouts = { connectMs: number; poolWaitMs: number };

export async function openPostgres(
  url: string,
  max = 10,
  timeouts: PoolTimeouts = { connectMs: CONNECT_TIMEOUT_MS, poolWaitMs: POOL_WAIT_MS },
): Promise<Database> {
  // The pool's clients with their own connect timeout: the pool's option alone would set the queue's and the connect's alike.
  class TimedClient extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionTimeoutMillis: timeouts.connectMs });
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: timeouts.poolWaitMs,
    Client: TimedClient,
  });
  pool.on('error', () => {
    /* an idle client lost its connection; the pool replaces it */
  });
  // A connection checked out for a transaction has no listener of the pool's: if the server goes away meanwhile, the
  // client's 'error' would go unheard and end the process. The transaction's statement fails with that very error
  // (a 503, db/unavailable.ts) and the pool drops the dead client when it comes back, so hearing it is enough.
  pool.on('connect', (client) => {
    client.on('error', () => {
      /* reported by the statement that was running */
    });
  });
  const db = markTransactions(drizzlePg({ client: pool, schema }));
  return {
    db,
    kind: 'postgres',
    url,
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}

export async function openDatabase(config: { DATABASE_URL?: string; DATA_DIR: string }): Promise<Database> {
  if (config.DATABASE_URL) return openPostgres(config.DATABASE_URL);
  // One process per PGlite folder: a second one stops here, before opening it (see data-dir-lock.ts).
  await mkdir(config.DATA_DIR, { recursive: true, mode: 0o700 });
  const unlock = await lockDataDir(config.DATA_DIR);
  try {
    const dataDir = path.join(config.DATA_DIR, 'pglite');
    const database = await openPglite({ dataDir, loadDataDir: await initialDatabaseFor(dataDir) });
    return {
      ...database,
      close: async () => {
        await database.close();
        await unlock();
      },
    };
  } catch (error) {
    await unlock();
    throw error;
  }
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
  } else {
    // Several instances may start at once on one database (a rolling upgrade): the first migrates, the others wait
    // on this lock (held by a session of its own) and then find nothing left to do.
    const lock = new pg.Client({ connectionString: database.url });
    await lock.connect();
    try {
      await lock.query("select pg_advisory_lock(hashtext('rfs-migrations'))");
      await migratePg(database.db, { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await lock.end();
    }
  }
}
