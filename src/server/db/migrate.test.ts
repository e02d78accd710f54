import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrateDatabase, openPostgres } from './client.ts';

const url = process.env.TEST_DATABASE_URL;

// A rolling upgrade starts several instances at once on one PostgreSQL database: one migrates, the others wait.
describe.skipIf(process.env.TEST_DB !== 'postgres' || !url)(
  '[INSTANCES] migrations when several instances start together',
  () => {
    it('three servers migrating an empty database at the same moment all start', async () => {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const name = `rfs_migrate_race_${process.pid}`;
      await admin.query(`drop database if exists ${name}`);
      await admin.query(`create database ${name}`);
      const target = new URL(url!);
      target.pathname = `/${name}`;
      const databases = await Promise.all([1, 2, 3].map(() => openPostgres(target.toString(), 2)));
      try {
        const results = await Promise.allSettled(databases.map(migrateDatabase));
        expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
        const tables = await databases[0]!.db.execute(
          "select count(*)::int as n from information_schema.tables where table_name = 'orders'",
        );
        expect(tables.rows[0]).toEqual({ n: 1 });
      } finally {
        for (const database of databases) await database.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    });
  },
);
