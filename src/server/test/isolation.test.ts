import { globSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MOCKING } from '../../../vitest.config.ts';

// Most test files share each worker's module registry (vitest.config.ts): a file that replaces a module with vi.mock
// would leak its mock into the next files of that worker, so it must be listed to run isolated.
describe('[TESTS][ISOLATION] the suite’s shared module registry', () => {
  it('runs every file that mocks a module in isolation', () => {
    const mocking = globSync([
      'src/**/*.test.ts',
      'src/**/*.test.tsx',
      'scripts/**/*.test.ts',
      'tests/security/**/*.test.ts',
    ])
      .filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(file, 'utf8')))
      .filter((file) => !file.endsWith('isolation.test.ts'));
    expect(mocking.sort()).toEqual([...MOCKING].sort());
  });
});
