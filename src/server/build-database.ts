// `npm run build` (last step): the initial database, migrated, with the job queue's schema, for a first start on an
// empty DATA_DIR to unpack instead of running initdb (db/initial-database.ts).
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import { migrateDatabase, openPglite } from './db/client.ts';
import { INITIAL_DATABASE_FILE } from './db/initial-database.ts';
import { installJobSchema } from './jobs/job-queue.ts';

const database = await openPglite();
try {
  await migrateDatabase(database);
  await installJobSchema(database, pino({ level: 'silent' }));
  const dump = await database.pglite!.dumpDataDir('gzip');
  await mkdir(path.dirname(INITIAL_DATABASE_FILE), { recursive: true });
  await writeFile(INITIAL_DATABASE_FILE, Buffer.from(await dump.arrayBuffer()));
} finally {
  await database.close();
}
