import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  PgBoss, fromDrizzle, fromPglite, type ConstructorOptions, type Db as BossDb, type DrizzleTransactionLike, type JobResult,
  type JobWithMetadata, type Queue, type ScheduleOptions, type SendOptions,
} from 'pg-boss';
import type { Database, Tx } from '../db/client';
import { preparedStatements } from './prepared-statements';

/**
 * Background work on the database we already have (pg-boss, DESIGN.md stack table): on the embedded PGlite by default,
 * on PostgreSQL with any number of instances. Its tables live in their own schema, created and migrated by pg-boss
 * when the app starts, outside drizzle-kit (drizzle.config.ts) and outside the backup (only our tables are data).
 */
const JOB_SCHEMA = 'pgboss';

type JobHandler<T> = (job: JobWithMetadata<T>) => Promise<void>;

export type QueueDefinition<T> = {
  name: string;
  options: Omit<Queue, 'name'>;
  handler: JobHandler<T>;
  /** jobs taken per fetch by one worker (mail: many; a daily scan: one) */
  batchSize?: number;
  /** how many of a batch run at once (default: all); mail runs as many as the SMTP pool has connections */
  concurrency?: number;
};

export type JobQueueOptions = {
  log: FastifyBaseLogger;
  /** maintenance (expiry, retention, dead letters of expired jobs) and cron: on in a running server */
  supervise: boolean;
};

export type JobQueue = {
  boss: PgBoss;
  /** Creates (or updates) the queue and remembers its handler; workers start with startWorkers(). */
  define<T extends object>(definition: QueueDefinition<T>): Promise<void>;
  /**
   * Queues a job in the caller's transaction: it exists if and only if that transaction commits, so a rolled-back
   * order leaves no e-mail behind and a committed one never lacks it.
   */
  send<T extends object>(tx: Tx, name: string, data: T, options?: SendOptions): Promise<void>;
  /**
   * Inserts a row and queues the job that handles it, in one statement of the caller's transaction (an e-mail's outbox
   * row and its job): the job's data is `{ [field]: the new row's id }`. `insert` must end in RETURNING id. False, and
   * no job, when the insert wrote no row (its ON CONFLICT DO NOTHING).
   */
  sendForInsert<T extends object>(tx: Tx, name: string, insert: { sql: string; params: unknown[] }, field: keyof T & string): Promise<boolean>;
  /** A cron schedule kept by pg-boss: one job per occurrence whatever the number of instances. */
  schedule(name: string, cron: string, options: ScheduleOptions): Promise<void>;
  /** Polls every defined queue every second until stop(). */
  startWorkers(): Promise<void>;
  /**
   * Runs every job that is due now, and the jobs those create, until none is left; resolves to how many ran. Tests
   * and the benchmark await it instead of sleeping; a server runs workers instead.
   */
  drain(): Promise<number>;
  /** Makes the jobs waiting for a retry due now, as if their backoff had passed (tests). */
  skipBackoff(): Promise<number>;
  stop(): Promise<void>;
};

const errorOutput = (error: unknown) => ({ message: error instanceof Error ? error.message : String(error) });

function bossOptions(database: Database): ConstructorOptions {
  if (database.kind === 'pglite') return { db: fromPglite(database.pglite!), backend: 'pglite' };
  // Its own small pool: workers holding connections never starve the requests' pool.
  return { connectionString: database.url!, max: 4, application_name: 'rfs-jobs' };
}

export async function openJobQueue(database: Database, options: JobQueueOptions): Promise<JobQueue> {
  // No LISTEN/NOTIFY (pg-boss's default). A job's NOTIFY is written at its commit, under a lock that notifying commits
  // take in turn, and woke every instance's workers into a fetch; each instance also held a connection to listen. Paid
  // orders already commit one after the other (their invoice number's lock). On PostgreSQL under load, their p99 against
  // orders queueing no e-mail was 1.20 and 1.40 with NOTIFY, 1.00, 1.17 and 1.37 without (bench/mail-queue.ts): less
  // work, but within the machine's noise. The workers poll every second instead, and on PGlite the local worker is
  // woken at once (see send): an e-mail leaves within about a second.
  const boss = new PgBoss({
    ...bossOptions(database),
    schema: JOB_SCHEMA,
    supervise: options.supervise,
    schedule: options.supervise,
    registerInstance: options.supervise,
    // Staff see failures in « Courriels »; pg-boss's own timing warnings would only be noise in the logs.
    persistWarnings: false,
  });
  boss.on('error', (error) => options.log.error({ err: error }, 'job queue error'));
  await boss.start();

  const runPrepared = preparedStatements(database);
  /** pg-boss's job insert (one text parameter, the jobs' JSON) prepared; anything else goes its own way. */
  const preparedDb = (tx: Tx): BossDb => {
    const plain = fromDrizzle(tx as unknown as DrizzleTransactionLike, sql);
    return {
      async executeSql(text, values) {
        if (values?.length !== 1 || typeof values[0] !== 'string' || !/^\s*INSERT INTO/i.test(text)) return plain.executeSql(text, values);
        return { rows: await runPrepared(tx, text, values) };
      },
    };
  };
  const definitions = new Map<string, QueueDefinition<object>>();
  const workerIds = new Map<string, string>();
  let working = false;

  /**
   * Runs one batch, `concurrency` jobs at a time; each succeeds or fails on its own (one dead address must not retry
   * the other messages). Rendering a message and its PDF takes the main thread for tens of milliseconds: a few at a
   * time, so requests served meanwhile are not held up behind a whole batch.
   */
  async function runBatch(definition: QueueDefinition<object>, jobs: JobWithMetadata<object>[]): Promise<JobResult[]> {
    const results: JobResult[] = [];
    let next = 0;
    const lane = async () => {
      for (let job = jobs[next++]; job; job = jobs[next++]) {
        try {
          await definition.handler(job);
          results.push({ id: job.id, status: 'completed' });
        } catch (error) {
          options.log.warn({ queue: definition.name, jobId: job.id, attempt: job.retryCount + 1, err: errorOutput(error) }, 'job failed');
          results.push({ id: job.id, status: 'failed', output: errorOutput(error) });
        }
        // Lets waiting requests through between two jobs.
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    await Promise.all(Array.from({ length: Math.min(definition.concurrency ?? jobs.length, jobs.length) }, lane));
    return results;
  }

  return {
    boss,
    async define(definition) {
      // A dead letter queue must exist before the queue naming it; createQueue is a no-op for an existing one.
      await boss.createQueue(definition.name, { notify: false, ...definition.options });
      // An existing queue takes today's retry settings (its policy is fixed at creation).
      const { policy: _policy, partition: _partition, ...settings } = definition.options;
      // A queue created by an earlier version with NOTIFY loses it.
      await boss.updateQueue(definition.name, { notify: false, ...settings });
      definitions.set(definition.name, definition as QueueDefinition<object>);
      if (working) await work(definition as QueueDefinition<object>);
    },

    async send(tx, name, data, sendOptions = {}) {
      await boss.send(name, data, { ...sendOptions, db: preparedDb(tx) });
      wake(name);
    },

    async sendForInsert(tx, name, insert, field) {
      // pg-boss builds the job and its insert as for any send; that insert takes the row's insert before it.
      const db: BossDb = {
        executeSql: async (text, values) => ({ rows: await runPrepared(tx, withRowInsert(text, insert.sql, insert.params.length, field), [...insert.params, values?.[0]]) }),
      };
      const id = await boss.send(name, { [field]: 0 }, { db });
      if (id === null) return false;
      wake(name);
      return true;
    },

    async schedule(name, cron, scheduleOptions) {
      await boss.schedule(name, cron, null, scheduleOptions);
    },

    async startWorkers() {
      working = true;
      for (const definition of definitions.values()) await work(definition);
    },

    async drain() {
      let ran = 0;
      for (;;) {
        let ranThisPass = 0;
        for (const definition of definitions.values()) {
          const jobs = await boss.fetch<object>(definition.name, { batchSize: 50, includeMetadata: true });
          if (jobs.length === 0) continue;
          for (const result of await runBatch(definition, jobs)) {
            if (result.status === 'completed') await boss.complete(definition.name, result.id);
            else await boss.fail(definition.name, result.id, result.output as object);
          }
          ranThisPass += jobs.length;
        }
        if (ranThisPass === 0) return ran;
        ran += ranThisPass;
      }
    },

    async skipBackoff() {
      let moved = 0;
      for (const name of definitions.keys()) {
        const waiting = (await boss.findJobs(name, { queued: true })).filter((job) => job.state === 'retry');
        for (const job of waiting) {
          await boss.update(name, undefined, { id: job.id, startAfter: new Date() });
          moved++;
        }
      }
      return moved;
    },

    async stop() {
      working = false;
      workerIds.clear();
      // Graceful: a message being handed to the SMTP server finishes; close only a pool pg-boss opened itself.
      await boss.stop({ graceful: true, timeout: 15_000, close: database.kind === 'postgres' });
    },
  };

  /** PGlite runs one statement at a time: the fetch this wakes waits for the transaction and finds the job committed. */
  function wake(name: string) {
    const worker = workerIds.get(name);
    if (database.kind === 'pglite' && worker) setImmediate(() => boss.notifyWorker(worker));
  }

  async function work(definition: QueueDefinition<object>) {
    const batchSize = definition.batchSize ?? 1;
    const id = await boss.work<object>(definition.name, {
      batchSize,
      includeMetadata: true,
      perJobResults: true,
      // A full batch means more are waiting: fetch again at once rather than after the polling interval.
      burstWhenBatchFull: batchSize > 1,
      pollingIntervalSeconds: 1,
    }, (jobs) => runBatch(definition, jobs as JobWithMetadata<object>[]));
    workerIds.set(definition.name, id);
  }
}

const RECORDSET = 'json_to_recordset($1::text::json)';

/**
 * pg-boss's job insert preceded by a row's insert, in one statement: `WITH inserted AS (row insert) job insert`, the
 * jobs' JSON (the last parameter) taking the inserted id as its data's `field`. No row inserted: no JSON, no job. A
 * pg-boss whose insert reads its jobs otherwise fails here, loudly, rather than queueing jobs without their row.
 */
function withRowInsert(jobInsert: string, rowInsert: string, rowParams: number, field: string): string {
  let byJobInsert = combinedInserts.get(rowInsert);
  if (!byJobInsert) combinedInserts.set(rowInsert, byJobInsert = new Map());
  let combined = byJobInsert.get(jobInsert);
  if (!combined) byJobInsert.set(jobInsert, combined = combineInserts(jobInsert, rowInsert, rowParams, field));
  return combined;
}
/**
 * Combined once: by row insert (one per call site, always filling the same field), then by job insert (one per queue;
 * pg-boss builds its text anew at each send).
 */
const combinedInserts = new Map<string, Map<string, string>>();

function combineInserts(jobInsert: string, rowInsert: string, rowParams: number, field: string): string {
  const [before, after, ...more] = jobInsert.split(RECORDSET);
  if (after === undefined || more.length || /\$\d/.test(before! + after) || !/^\s*INSERT INTO/i.test(jobInsert) || !/^\w+$/.test(field)) {
    throw new Error('pg-boss no longer inserts jobs as jobs/job-queue.ts expects: update withRowInsert');
  }
  const jobs = `json_to_recordset((select jsonb_set($${rowParams + 1}::jsonb, '{0,data,${field}}', to_jsonb(inserted.id)) from inserted)::json)`;
  return `WITH inserted AS (${rowInsert}) ${before}${jobs}${after}`;
}

/** Creates or migrates the queue's schema and returns (test templates, so each test file starts with it in place). */
export async function installJobSchema(database: Database, log: FastifyBaseLogger): Promise<void> {
  const jobs = await openJobQueue(database, { log, supervise: false });
  await jobs.stop();
}
