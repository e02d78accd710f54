import { describe, expect, it } from 'vitest';
import { REQUIRED_NODE_MAJOR, runtimeProblem } from './runtime';

describe('runtime', () => {
  it('runs the test suite on the Node the project installs, not an older system one', () => {
    expect(REQUIRED_NODE_MAJOR).toBeGreaterThanOrEqual(24);
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(REQUIRED_NODE_MAJOR);
    expect(runtimeProblem()).toBeUndefined();
  });

  it('names an older Node and says how to get the right one', () => {
    expect(runtimeProblem('20.20.2')).toMatch(/^Node\.js 20\.20\.2 is not supported \(needs 24 or newer\): run `npm ci`/);
  });
});
