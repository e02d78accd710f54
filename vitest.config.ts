import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const shared = {
  include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts', 'tests/security/**/*.test.ts'],
  globalSetup: ['src/server/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};
const serverTests = ['src/server/**/*.test.ts', 'tests/security/**/*.test.ts'];

/**
 * Files that replace a module with vi.mock: they run in a fresh module registry of their own. Every other file runs
 * with isolate: false, so a worker imports the server's modules once instead of once per file (the import was a
 * third of the suite's time); they share no module state, each building its own app and database.
 */
export const MOCKING = [
  'src/server/routes/admin/auth.test.ts',
  'src/server/routes/client/login-throttle.test.ts',
  'src/server/services/security/password-slots.test.ts',
  'src/server/services/billing/credit-note-pdf-failure.test.ts',
];

/** One database's projects: the shared-registry run and the isolated one. */
function projects(name: string, include: string[], env: Record<string, string>, setupFiles: string[] = []) {
  return [
    { test: { ...shared, include, exclude: MOCKING, name, env, setupFiles, isolate: false } },
    { test: { ...shared, include: MOCKING, name: `${name}-isolated`, env, setupFiles } },
  ];
}

// API tests run on PGlite, and once more on PostgreSQL when TEST_DATABASE_URL is set (CI sets it).
export default defineConfig({
  test: {
    // One worker per core, where Vitest's default leaves one core out: the API tests wait on PostgreSQL or on a
    // password hash much of the time, and a single worker on a 2-core machine left the other core mostly idle.
    maxWorkers: availableParallelism(),
    projects: [
      ...projects('pglite', shared.include, { TEST_DB: 'pglite' }),
      ...(process.env.TEST_DATABASE_URL
        ? projects('postgres', serverTests, { TEST_DB: 'postgres' }, ['src/server/test/one-query-at-a-time.ts'])
        : []),
    ],
  },
});
