import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  PgBoss,
  fromDrizzle,
  fromPglite,
  type ConstructorOptions,
  type Db as BossDb,
  type DrizzleTransactionLike,
  type JobResult,
  type JobWithMetadata,
  type Queue,
  type ScheduleOptions,
  type SendOptions,
} from 'pg-boss';
import type { Database, Tx } from '#server/db/client.ts';
import { preparedStatements, type RunPrepared } from './prepared-statements.ts';
import { errorOutput, startPollerLoop, type PollerLoop } from './poller-loop.ts';

/**
 * Background work on the database we already have (pg-boss, docs/decisions/038): on the embedded PGlite by default,
 * on PostgreSQL with any number of instances. Its tables live in their own schema, created and migrated by pg-boss
 * when the app starts, outside drizzle-kit (drizzle.config.ts) and outside the backup (only our tables are data).
 */
const JOB_SCHEMA = 'pgboss';

type JobHandler<T> = (job: JobWithMetadata<T>) => Promise<void>;

export type QueueDefinition<T> = {
  name: string;
  options: Omit<Queue, 'name'>;
  handler: JobHandler<T>;
};

/**
 * Work kept in a table of our own rather than as pg-boss jobs (the outbox: each row is its own job): the queue asks it
 * to handle what is due, at start, every second, when woken and on drain().
 */
export type Poller = {
  name: string;
  /**
   * Handles everything due now, and what that makes due, then resolves to how many it handled. Once `keepGoing` says
   * no (the server stops), it takes nothing more and resolves when what it holds is done.
   */
  runDue(keepGoing: () => boolean): Promise<number>;
  /** Makes what waits for a retry due now, as if its delay had passed (tests). */
  skipBackoff(): Promise<number>;
  /** Work was just written for it on this instance: a run in progress looks for it now. */
  wake?(): void;
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
  /** Adds work polled from its own table; it runs with the workers, drain() and skipBackoff() like a queue. */
  poll(poller: Poller): void;
  /**
   * Work just written for a poller: on PGlite its worker looks at once (its statement waits for the caller's transaction,
   * PGlite running one at a time). On PostgreSQL it would look before the commit: the next second's poll finds it.
   */
  wake(name: string): void;
  /** A cron schedule kept by pg-boss: one job per occurrence whatever the number of instances. */
  schedule(name: string, cron: string, options: ScheduleOptions): Promise<void>;
  /** Polls every defined queue and poller every second until stop(). */
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

const STOP_TIMEOUT_MS = 15_000;

function bossOptions(database: Database): ConstructorOptions {
  if (database.kind === 'pglite') return { db: fromPglite(database.pglite!), backend: 'pglite' };
  // Its own small pool: workers holding connections never starve the requests' pool.
  return { connectionString: database.url!, max: 4, application_name: 'rfs-jobs' };
}

export async function openJobQueue(database: Database, options: JobQueueOptions): Promise<JobQueue> {
  // No LISTEN/NOTIFY (pg-boss's default). A job's NOTIFY is written at its commit, under a lock that notifying commits
  // take in turn, and woke every instance's workers into a fetch; each instance also held a connection to listen. Paid
  // orders already commit one after the other (their invoice number's lock), and under load NOTIFY bought nothing
  // measurable (bench/mail-queue.ts). The workers poll every second instead, and on PGlite the local worker is woken at
  // once (see send): an e-mail leaves within about a second.
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
  return new BossQueue(boss, database, options);
}

/** The job queue on pg-boss, with our pollers beside its queues. */
class BossQueue implements JobQueue {
  private readonly definitions = new Map<string, QueueDefinition<object>>();
  private readonly workerIds = new Map<string, string>();
  private readonly pollers = new Map<string, Poller>();
  /** each running poller's loop, and how to cut its wait short */
  private readonly polling = new Map<string, PollerLoop>();
  private readonly runPrepared: RunPrepared;
  private working = false;

  constructor(
    readonly boss: PgBoss,
    private readonly database: Database,
    private readonly options: JobQueueOptions,
  ) {
    this.runPrepared = preparedStatements(database);
  }

  async define(definition: QueueDefinition<object>) {
    // A dead letter queue must exist before the queue naming it; createQueue is a no-op for an existing one.
    await this.boss.createQueue(definition.name, { notify: false, ...definition.options });
    // An existing queue takes today's retry settings (its policy is fixed at creation).
    const { policy: _policy, partition: _partition, ...settings } = definition.options;
    // A queue created by an earlier version with NOTIFY loses it.
    await this.boss.updateQueue(definition.name, { notify: false, ...settings });
    this.definitions.set(definition.name, definition);
    if (this.working) await this.work(definition);
  }

  async send(tx: Tx, name: string, data: object, sendOptions: SendOptions = {}) {
    await this.boss.send(name, data, { ...sendOptions, db: this.preparedDb(tx) });
    this.wakeBossWorker(name);
  }

  poll(poller: Poller) {
    this.pollers.set(poller.name, poller);
    if (this.working) this.startPolling(poller);
  }

  wake(name: string) {
    if (this.database.kind !== 'pglite') return;
    this.pollers.get(name)?.wake?.();
    this.polling.get(name)?.wake();
  }

  async schedule(name: string, cron: string, scheduleOptions: ScheduleOptions) {
    await this.boss.schedule(name, cron, null, scheduleOptions);
  }

  async startWorkers() {
    this.working = true;
    for (const definition of this.definitions.values()) await this.work(definition);
    for (const poller of this.pollers.values()) this.startPolling(poller);
  }

  async drain() {
    let ran = 0;
    for (;;) {
      let ranThisPass = 0;
      for (const definition of this.definitions.values()) {
        const jobs = await this.boss.fetch<object>(definition.name, { batchSize: 50, includeMetadata: true });
        if (jobs.length === 0) continue;
        for (const result of await this.runBatch(definition, jobs)) {
          if (result.status === 'completed') await this.boss.complete(definition.name, result.id);
          else await this.boss.fail(definition.name, result.id, result.output as object);
        }
        ranThisPass += jobs.length;
      }
      for (const poller of this.pollers.values()) ranThisPass += await poller.runDue(() => true);
      if (ranThisPass === 0) return ran;
      ran += ranThisPass;
    }
  }

  async skipBackoff() {
    let moved = 0;
    for (const name of this.definitions.keys()) {
      const waiting = (await this.boss.findJobs(name, { queued: true })).filter((job) => job.state === 'retry');
      for (const job of waiting) {
        await this.boss.update(name, undefined, { id: job.id, startAfter: new Date() });
        moved++;
      }
    }
    for (const poller of this.pollers.values()) moved += await poller.skipBackoff();
    return moved;
  }

  async stop() {
    this.working = false;
    this.workerIds.clear();
    // Graceful: a message being handed to the SMTP server finishes (its transport gives up well before 15 s); close
    // only a pool pg-boss opened itself.
    for (const poller of this.pollers.values()) poller.wake?.();
    const loops = [...this.polling.values()].map((running) => (running.wake(), running.loop));
    this.polling.clear();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(loops),
      new Promise((resolve) => {
        timer = setTimeout(resolve, STOP_TIMEOUT_MS);
      }),
    ]);
    clearTimeout(timer);
    await this.boss.stop({ graceful: true, timeout: STOP_TIMEOUT_MS, close: this.database.kind === 'postgres' });
  }

  /** pg-boss's job insert (one text parameter, the jobs' JSON) prepared; anything else goes its own way. */
  private preparedDb(tx: Tx): BossDb {
    const plain = fromDrizzle(tx as unknown as DrizzleTransactionLike, sql);
    const runPrepared = this.runPrepared;
    return {
      async executeSql(text, values) {
        if (values?.length !== 1 || typeof values[0] !== 'string' || !/^\s*INSERT INTO/i.test(text))
          return plain.executeSql(text, values);
        return { rows: await runPrepared(tx, text, values) };
      },
    };
  }

  /**
   * Runs a batch (one job from a worker, up to 50 from drain()), one job after the other, letting waiting requests
   * through between two; each succeeds or fails on its own.
   */
  private async runBatch(definition: QueueDefinition<object>, jobs: JobWithMetadata<object>[]): Promise<JobResult[]> {
    const results: JobResult[] = [];
    for (const job of jobs) {
      try {
        await definition.handler(job);
        results.push({ id: job.id, status: 'completed' });
      } catch (error) {
        this.options.log.warn(
          { queue: definition.name, jobId: job.id, attempt: job.retryCount + 1, err: errorOutput(error) },
          'job failed',
        );
        results.push({ id: job.id, status: 'failed', output: errorOutput(error) });
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    return results;
  }

  private startPolling(poller: Poller) {
    if (this.polling.has(poller.name)) return;
    this.polling.set(poller.name, startPollerLoop(poller, { working: () => this.working, log: this.options.log }));
  }

  /** PGlite runs one statement at a time: the fetch this wakes waits for the transaction and finds the job committed. */
  private wakeBossWorker(name: string) {
    const worker = this.workerIds.get(name);
    if (this.database.kind === 'pglite' && worker) setImmediate(() => this.boss.notifyWorker(worker));
  }

  private async work(definition: QueueDefinition<object>) {
    const id = await this.boss.work<object>(
      definition.name,
      { batchSize: 1, includeMetadata: true, perJobResults: true, pollingIntervalSeconds: 1 },
      (jobs) => this.runBatch(definition, jobs as JobWithMetadata<object>[]),
    );
    this.workerIds.set(definition.name, id);
  }
}

/** Creates or migrates the queue's schema and returns (test templates, so each test file starts with it in place). */
export async function installJobSchema(database: Database, log: FastifyBaseLogger): Promise<void> {
  const jobs = await openJobQueue(database, { log, supervise: false });
  await jobs.stop();
}
