// PostgreSQL project only. A transaction holds one connection, which runs one query at a time: a Promise.all of
// queries in a transaction gains nothing, and pg warns (once per process) that pg 9 will refuse it. The warning fails
// the test file that caused it.
import { afterAll, expect } from 'vitest';

const QUEUED = 'already executing a query';
const holder = globalThis as { queuedQueries?: string[] };
const queued = (holder.queuedQueries ??= (() => {
  const seen: string[] = [];
  process.on('warning', (warning) => {
    if (warning.message.includes(QUEUED)) seen.push(warning.stack ?? warning.message);
  });
  return seen;
})());

afterAll(() => {
  expect(queued.splice(0), 'a query sent while its connection ran another (a Promise.all in a transaction?)').toEqual(
    [],
  );
});
