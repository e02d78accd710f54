import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable.ts';

describe('[FAULTS] what counts as the database being out of reach', () => {
  const pg = (code: string, message = 'database error') => Object.assign(new Error(message), { code });
  const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });

  it('recognises a stopped, restarting or unreachable server, also wrapped by the query builder', () => {
    for (const error of [
      pg('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      pg('57P01', 'terminating connection due to administrator command'),
      pg('57P03', 'the database system is starting up'),
      pg('08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      Object.assign(new AggregateError([pg('ECONNREFUSED'), pg('ECONNREFUSED')]), { code: undefined }),
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
      expect(isDatabaseUnavailable(wrapped(error)), `wrapped ${String(error)}`).toBe(true);
    }
  });

  it('leaves a query that failed on its own to be the bug it is', () => {
    for (const error of [
      pg('23505', 'duplicate key value'),
      pg('42P01', 'relation does not exist'),
      new TypeError('x is undefined'),
      null,
      'texte',
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
  });
});
