import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPostgres } from './client.ts';

const url = process.env.TEST_DATABASE_URL;

// A burst of writes queues for the pool's connections (each paid order takes the invoice series' lock in turn): a
// request that waits longer than the connect timeout is served when a connection frees, not told the database is down.
describe.skipIf(process.env.TEST_DB !== 'postgres' || !url)(
  '[FAULTS] a busy pool is not a database out of reach',
  () => {
    it('serves a query that waited for a busy connection longer than the connect timeout', async () => {
      const database = await openPostgres(url!, 1, { connectMs: 50, poolWaitMs: 10_000 });
      try {
        // The pool's one connection made first: on a loaded machine opening it may itself take longer than the 50 ms
        // this test gives a connect, and what is tested here is the wait for a busy connection, not the connect.
        for (let attempt = 1; ; attempt++) {
          try {
            await database.ping();
            break;
          } catch (error) {
            if (attempt === 50) throw error;
          }
        }
        let release!: () => void;
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        let started!: () => void;
        const holding = new Promise<void>((resolve) => {
          started = resolve;
        });
        // The only connection, held by a transaction until the waiting query has queued well past the connect timeout.
        const transaction = database.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          started();
          await held;
        });
        await holding;
        // Drizzle's queries run when awaited: then() sends this one now, to queue behind the transaction.
        const waiting = database.db.execute(sql`select 42 as answer`).then((result) => result.rows);
        await new Promise((resolve) => setTimeout(resolve, 300));
        release();
        await transaction;
        expect(await waiting).toEqual([{ answer: 42 }]);
      } finally {
        await database.close();
      }
    });
  },
);
