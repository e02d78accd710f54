// No call to another service (the payment provider, SMTP) while a database transaction is open (docs/decisions/040):
// PGlite runs one transaction at a time, so a slow provider would hold every other request behind it, and on
// PostgreSQL it would hold row locks and a pooled connection as long. Each transaction marks its callback's async
// context; the outside calls check the mark and refuse to run inside one.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './client.ts';

const inTransaction = new AsyncLocalStorage<true>();

/** Makes `db.transaction` mark what runs inside it (nested transactions included); returns the same object. */
export function markTransactions(db: Db): Db {
  const open = db.transaction.bind(db);
  db.transaction = ((work, config) => inTransaction.run(true, () => open(work, config))) as Db['transaction'];
  return db;
}

/** Thrown by a call to another service made inside a transaction: a programming error, caught by the tests. */
export class CallInTransactionError extends Error {}

export function assertNoOpenTransaction(service: string): void {
  if (inTransaction.getStore())
    throw new CallInTransactionError(
      `${service} called while a database transaction is open: make the call after the commit (docs/decisions/040)`,
    );
}
