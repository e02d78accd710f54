import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import pino from 'pino';
import { buildApp, type BuildOptions } from '#server/app.ts';
import { loadConfig, type Config } from '#server/config.ts';
import { openPglite, openPostgres, type Database } from '#server/db/client.ts';
import type { Mail, Mailer } from '#server/services/mail/mailer.ts';
import { ensureStaffAccount } from '#server/services/staff/staff-bootstrap.ts';

export const TEST_ADMIN = { username: 'staff', password: 'motdepasse-staff-1', secretCode: 'code-secret-42' };

/** A fresh, migrated database for one test file: a copy of the run's template. */
export async function openTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB === 'postgres') return ownPostgresDatabase(inject('postgresTemplate'));
  const dump = await readFile(inject('pgliteTemplate'));
  return openPglite({ loadDataDir: new Blob([dump]) });
}

/**
 * A database of its own on the tests' PostgreSQL server, dropped when it is closed: a copy of `template`, or empty
 * (test/migrations-before.ts migrates it itself).
 */
export async function ownPostgresDatabase(template?: string): Promise<Database> {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  const name = `rfs_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 5);
  return {
    ...database,
    async close() {
      await database.close();
      await admin.query(`drop database if exists ${name}`);
      await admin.end();
    },
  };
}

/** Collects what the app sends instead of delivering it (SMTP itself is tested against a real peer). */
export function memoryMailer(): Mailer & { sent: Mail[] } {
  const sent: Mail[] = [];
  return {
    sent,
    async send(mail) {
      sent.push(mail);
    },
    close() {},
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export type TestAppOptions = {
  /** send through the configured mailer (SMTP_URL in env) instead of recording in memory */
  realMailer?: boolean;
  verifyRateLimit?: number;
  /** another app's database: two instances of the app on one PostgreSQL (left open on close) */
  database?: Database;
  /** sees every route as it is registered */
  onRoute?: BuildOptions['onRoute'];
};

/** The app's « now » for the reminders, moved by the test instead of waiting. */
function testClock(start = new Date()) {
  let now = start;
  return {
    now: () => now,
    set(at: Date | string) {
      now = new Date(at);
    },
  };
}

/** The real app on its own database copy, called through app.inject(); TEST_ADMIN exists as at start-up. */
export async function createTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rfs-app-'));
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    ADMIN_SECRET_CODE: TEST_ADMIN.secretCode,
    SESSION_SECRET: 'test-session-secret-0123456789',
    ...env,
  });
  const database = options.database ?? (await openTestDatabase());
  await ensureStaffAccount(database.db, config, pino({ level: 'silent' }));
  const mailer = memoryMailer();
  const clock = testClock();
  // No workers: a test runs the queued jobs when it chooses, with drain(), and waits for no schedule (on PostgreSQL a
  // message queued during a drain is seen within the mail workers' one-second look).
  const app = await buildApp({
    config,
    database,
    mailer: options.realMailer ? undefined : mailer,
    verifyRateLimit: options.verifyRateLimit,
    workers: false,
    clock: clock.now,
    onRoute: options.onRoute,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    mailer,
    clock,
    /** runs every job due now (the e-mails queued so far, and what they queue) until none is left */
    drain: () => app.jobs.drain(),
    async close() {
      await app.close();
      if (!options.database) await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
