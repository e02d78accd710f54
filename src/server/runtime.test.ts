import { describe, expect, it } from 'vitest';
import { REQUIRED_NODE, runtimeProblem } from './runtime.ts';

describe('runtime', () => {
  it('runs the test suite on the Node the project installs, not an older system one', () => {
    // 24.7: node:crypto's Argon2, which password hashes need (services/security/passwords.ts).
    expect(REQUIRED_NODE).toEqual({ major: 24, minor: 7 });
    expect(runtimeProblem()).toBeUndefined();
  });

  it('names an older Node and says how to get the right one', () => {
    expect(runtimeProblem('20.20.2')).toMatch(
      /^Node\.js 20\.20\.2 is not supported \(needs 24\.7 or newer\): run `npm ci`/,
    );
    expect(runtimeProblem('24.6.0')).toMatch(/^Node\.js 24\.6\.0 is not supported/);
    expect(runtimeProblem('24.7.0')).toBeUndefined();
    expect(runtimeProblem('26.10.0')).toBeUndefined();
  });
});
