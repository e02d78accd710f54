import { defineConfig } from 'vitest/config';

const shared = {
  include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts', 'tests/security/**/*.test.ts'],
  globalSetup: ['src/server/test/global-setup.ts'],
  // The suite hashes passwords at a lower scrypt cost (see the file): an explicit choice, not a guess from NODE_ENV.
  setupFiles: ['src/server/test/setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

// API tests run on PGlite, and once more on PostgreSQL when TEST_DATABASE_URL is set (CI sets it).
export default defineConfig({
  test: {
    projects: [
      { test: { ...shared, name: 'pglite', env: { TEST_DB: 'pglite' } } },
      ...(process.env.TEST_DATABASE_URL
        ? [{ test: { ...shared, include: ['src/server/**/*.test.ts', 'tests/security/**/*.test.ts'], name: 'postgres', env: { TEST_DB: 'postgres' } } }]
        : []),
    ],
  },
});
