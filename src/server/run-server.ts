// Starts the server: configuration, database, migrations, the staff account, then HTTP; stops it cleanly on a signal.
import pino from 'pino';
import { ConfigError, loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { migrateDatabase, openDatabase } from './db/client.ts';
import { ensureStaffAccount } from './services/staff/staff-bootstrap.ts';
import { writeStarterArticles } from './services/help/starter-articles.ts';
import { runtimeProblem } from './runtime.ts';
import { LOG_OPTIONS } from './plugins/logging.ts';

const SHUTDOWN_GRACE_MS = 20_000;

async function main() {
  const problem = runtimeProblem();
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // Lines are written without waiting for the terminal or journal: while one write is under way the next lines gather
  // and leave together, so a busy server makes a few writes instead of one per request (about a tenth of a small
  // call's time, docs/quality.md « The client's hot reads »). pino flushes what is left when the process exits.
  const destination = pino.destination({ dest: 1, sync: false });
  const logger = pino({ level: config.LOG_LEVEL, ...LOG_OPTIONS }, destination);
  const database = await openDatabase(config);
  await migrateDatabase(database);
  await ensureStaffAccount(database.db, config, logger);
  const articles = await writeStarterArticles(database.db);
  if (articles) logger.info({ articles }, 'help centre: starter articles published');
  const app = await buildApp({
    config,
    database,
    pages: true,
    logger: { level: config.LOG_LEVEL, stream: destination },
  });

  // SIGTERM (a deployment, systemd, a container stop): new requests get 503, those in flight finish, the queue's workers
  // finish their message, then the database closes cleanly. A request stuck past the grace period must not keep an
  // upgrade waiting for ever: the process then leaves with an error code.
  const stop = async (signal: string) => {
    logger.info({ signal }, 'shutting down: finishing the requests in flight');
    const timer = setTimeout(() => {
      logger.error({ graceMs: SHUTDOWN_GRACE_MS }, 'shutdown took too long: leaving anyway');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    await app.close();
    await database.close();
    logger.info('stopped cleanly');
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  logger.info({ url: config.PUBLIC_URL, database: database.kind }, 'server ready');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
