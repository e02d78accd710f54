import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { MIGRATIONS_DIR, openPglite, type Database } from '#server/db/client.ts';
import { ownPostgresDatabase } from './harness.ts';

/**
 * A database as a release before `tag` left it: every migration up to that one, not it; on PostgreSQL when the tests
 * run there (TEST_DB), in a database of its own dropped on close, else embedded. A data migration's test writes rows in
 * the old shape there, then runs the rest (migrateDatabase) and reads what they became.
 */
export async function databaseBefore(tag: string): Promise<Database> {
  const folder = await mkdtemp(path.join(tmpdir(), 'rfs-migrations-'));
  try {
    await cp(MIGRATIONS_DIR, folder, { recursive: true });
    const journalFile = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((e) => e.tag === tag);
    if (at < 0) throw new Error(`No migration ${tag}`);
    journal.entries = journal.entries.slice(0, at);
    await writeFile(journalFile, JSON.stringify(journal));
    const database = process.env.TEST_DB === 'postgres' ? await ownPostgresDatabase() : await openPglite();
    const migrate = database.kind === 'postgres' ? migratePostgres : migratePglite;
    await migrate(database.db as never, { migrationsFolder: folder }).catch(async (error: unknown) => {
      await database.close();
      throw error;
    });
    return database;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
