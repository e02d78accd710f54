import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import pino from 'pino';
import { migrateDatabase, openPglite, openPostgres, type Database } from '#server/db/client.ts';
import { installJobSchema } from '#server/jobs/job-queue.ts';

/** Our migrations and the job queue's schema: what a server has after its first start. */
async function prepare(database: Database) {
  await migrateDatabase(database);
  await installJobSchema(database, pino({ level: 'silent' }));
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

export const PG_TEMPLATE = `rfs_test_template_${process.pid}`;

/** Migrates once per run; every test file then starts from a copy (PGlite dump, or PostgreSQL TEMPLATE). */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'rfs-test-'));
  const database = await openPglite();
  await prepare(database);
  // Uncompressed: each test file loads it, and a tar opens faster than its gzip (no inflate; docs/quality.md « Figures behind the code »).
  const dump = await database.pglite!.dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);

  const url = process.env.TEST_DATABASE_URL;
  let admin: pg.Client | undefined;
  if (url) {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${PG_TEMPLATE}`);
    await admin.query(`create database ${PG_TEMPLATE}`);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${PG_TEMPLATE}`;
    const templateDb = await openPostgres(templateUrl.toString(), 1);
    await prepare(templateDb);
    await templateDb.close();
  }
  project.provide('postgresTemplate', PG_TEMPLATE);

  return async () => {
    await rm(dir, { recursive: true, force: true });
    if (admin) {
      await admin.query(`drop database if exists ${PG_TEMPLATE}`);
      await admin.end();
    }
  };
}
